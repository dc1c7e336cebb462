#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library calls whose spelling differs between Linux (Glibc) and
/// macOS (Darwin), in one place, so the rest of the package calls them one
/// way. Files that use plain POSIX calls still import the C library, through
/// the same `#if canImport(Glibc) … #elseif canImport(Darwin)` block.
package enum Platform {
    /// `read(2)` into `buffer`, retried on EINTR: the count read, 0 at the
    /// end, or -1 with `errno` set.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Writes all of `bytes` (the full write loop, EINTR retried): nil when
    /// done, else the `errno` of the failure.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < bytes.count {
            #if canImport(Glibc)
            let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
            #else
            let n = Darwin.write(fd, bytes.baseAddress! + written, bytes.count - written)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += n
        }
        return nil
    }

    /// The process environment, read straight from `environ`, where every
    /// value's bytes are still there to check: a value that is not valid
    /// UTF-8 is left out and its name listed in
    /// `notUTF8`: a String would hold it with U+FFFD in place of its bytes,
    /// and a path so altered names another directory (SPEC §2).
    package static func environment() -> (values: [String: String], notUTF8: [String]) {
        #if canImport(Glibc)
        let start = environ
        #else
        let start = _NSGetEnviron()!.pointee
        #endif
        var count = 0
        while start[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        var invalid: [String] = []
        for index in 0..<count {
            let entry = start[index]!
            guard let equals = strchr(entry, 0x3D) else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: entry, count: equals - entry), as: UTF8.self)
            if let value = String(validatingCString: equals + 1) { result[name] = value } else { invalid.append(name) }
        }
        return (result, invalid)
    }

    /// What `mmap` returns on failure (`MAP_FAILED`, a C macro).
    package static var mapFailed: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: -1) }

    /// The file type bits of a `stat` mode.
    package static func isRegularFile(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
    package static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }
    package static func isSymbolicLink(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFLNK }
}

extension Platform {
    /// A file's identity and last change, to tell "the file trend wrote"
    /// from one something else wrote since: device, inode, size, mtime.
    package static func fingerprint(_ info: stat) -> String {
        #if canImport(Glibc)
        let time = info.st_mtim
        #else
        let time = info.st_mtimespec
        #endif
        return "\(info.st_dev) \(info.st_ino) \(info.st_size) \(time.tv_sec) \(time.tv_nsec)"
    }
}
