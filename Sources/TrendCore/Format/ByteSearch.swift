#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a run of bytes in a mapped file.
enum ByteSearch {
    /// Where `needle` starts in `b` at or after `start`: `memchr` for its
    /// first byte, then a compare (`memmem` is a GNU extension).
    static func find(_ needle: [UInt8], in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = b.baseAddress, let first = needle.first else { return nil }
        var i = start
        while i + needle.count <= b.count {
            guard let hit = memchr(base + i, Int32(first), b.count - i - needle.count + 1) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if needle.withUnsafeBufferPointer({ memcmp(base + at, $0.baseAddress!, needle.count) == 0 }) { return at }
            i = at + 1
        }
        return nil
    }
}
