#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib

/// Reads one member of a zip file as a stream of inflated chunks, without
/// writing anything to disk (SPEC §10): the central directory (ZIP64 too)
/// finds the member, and zlib inflates it a chunk at a time.
struct ZipArchive {
    struct Member {
        let name: String
        let method: UInt16
        let compressedSize: UInt64
        /// As the central directory says: how much inflating it gives (for progress only, never trusted for memory).
        var uncompressedSize: UInt64 = 0
        let localHeaderOffset: UInt64
        /// Bit 0 of the flags: the data is encrypted.
        var isEncrypted = false
    }

    enum Failure: Error {
        case damaged(String)
    }

    let bytes: UnsafeBufferPointer<UInt8>

    static let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Every number a zip holds is read through here: bounds checked, and
    /// every sum of sizes and offsets checked for overflow, so a crafted
    /// ZIP64 field is a damaged zip, never a trap or a read past the end.
    private struct HeaderFields {
        let bytes: UnsafeBufferPointer<UInt8>

        func u16(_ at: Int) throws(Failure) -> UInt16 {
            guard at >= 0, at <= bytes.count - 2 else { throw .damaged("a field lies outside the file: the zip is damaged or truncated") }
            return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
        }

        func u32(_ at: Int) throws(Failure) -> UInt32 {
            UInt32(try u16(at)) | UInt32(try u16(at + 2)) << 16
        }

        func u64(_ at: Int) throws(Failure) -> UInt64 {
            UInt64(try u32(at)) | UInt64(try u32(at + 4)) << 32
        }

        /// `a + b` as an offset into the file, or the zip is damaged.
        func offset(_ a: UInt64, plus b: UInt64, _ what: String) throws(Failure) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            guard !overflow, sum <= UInt64(bytes.count) else { throw .damaged("\(what) lies outside the file: the zip is damaged or truncated") }
            return Int(sum)
        }
    }

    private var fields: HeaderFields { HeaderFields(bytes: bytes) }

    /// Every member, from the central directory.
    func members() throws(Failure) -> [Member] {
        let f = fields
        // The end of central directory record: within the last 64 KiB + 22 bytes.
        guard bytes.count >= 22 else { throw .damaged("no end of central directory: the zip is truncated or not a zip") }
        var end = -1
        var i = bytes.count - 22
        while i >= max(0, bytes.count - 22 - 65_535) {
            if try f.u32(i) == 0x0605_4B50 {
                end = i
                break
            }
            i -= 1
        }
        guard end >= 0 else { throw .damaged("no end of central directory: the zip is truncated or not a zip") }
        var count = UInt64(try f.u16(end + 10))
        var size = UInt64(try f.u32(end + 12))
        var offset = UInt64(try f.u32(end + 16))
        // ZIP64: a locator just before, pointing at the ZIP64 end record.
        if end >= 20, try f.u32(end - 20) == 0x0706_4B50 {
            let record = try f.offset(try f.u64(end - 20 + 8), plus: 0, "the ZIP64 end record")
            _ = try f.offset(UInt64(record), plus: 56, "the ZIP64 end record")
            guard try f.u32(record) == 0x0606_4B50 else { throw .damaged("a damaged ZIP64 end record") }
            count = try f.u64(record + 32)
            size = try f.u64(record + 40)
            offset = try f.u64(record + 48)
        }
        let directoryEnd = try f.offset(offset, plus: size, "the central directory")
        var members: [Member] = []
        var at = Int(offset)
        var index: UInt64 = 0
        while index < count {
            index += 1
            guard at + 46 <= directoryEnd, try f.u32(at) == 0x0201_4B50 else { throw .damaged("a damaged central directory entry") }
            let flags = try f.u16(at + 8)
            let method = try f.u16(at + 10)
            var compressed = UInt64(try f.u32(at + 20))
            var uncompressed = UInt64(try f.u32(at + 24))
            let nameLength = Int(try f.u16(at + 28)), extraLength = Int(try f.u16(at + 30)), commentLength = Int(try f.u16(at + 32))
            var local = UInt64(try f.u32(at + 42))
            let entryEnd = at + 46 + nameLength + extraLength + commentLength
            guard entryEnd <= directoryEnd else { throw .damaged("a damaged central directory entry") }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 46)..<(at + 46 + nameLength)]), as: UTF8.self)
            // ZIP64 extra field: the 0xFFFFFFFF values follow, in order, within the field's own length.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = try f.u16(extra), length = Int(try f.u16(extra + 2))
                guard extra + 4 + length <= extraEnd else { throw .damaged("a damaged extra field in the central directory") }
                if id == 0x0001 {
                    var field = extra + 4
                    func next() throws(Failure) -> UInt64 {
                        guard field + 8 <= extra + 4 + length else { throw .damaged("a ZIP64 field shorter than its sizes") }
                        defer { field += 8 }
                        return try f.u64(field)
                    }
                    if uncompressed == 0xFFFF_FFFF { uncompressed = try next() }
                    if compressed == 0xFFFF_FFFF { compressed = try next() }
                    if local == 0xFFFF_FFFF { local = try next() }
                }
                extra += 4 + length
            }
            members.append(
                Member(name: name, method: method, compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: local, isEncrypted: flags & 1 != 0))
            at = entryEnd
        }
        return members
    }

    /// Feeds `member`'s contents to `consume`, a chunk at a time.
    func read(_ member: Member, chunkSize: Int = 1 << 20, _ consume: (ArraySlice<UInt8>) -> Void) throws(Failure) {
        let f = fields
        guard !member.isEncrypted else { throw .damaged("\(member.name) is encrypted: export it again without a password") }
        let header = try f.offset(member.localHeaderOffset, plus: 0, "the local header of \(member.name)")
        guard header <= bytes.count - 30, try f.u32(header) == 0x0403_4B50 else { throw .damaged("a damaged local header for \(member.name)") }
        let start = try f.offset(UInt64(header) + 30, plus: UInt64(try f.u16(header + 26)) + UInt64(try f.u16(header + 28)), "\(member.name)")
        let end: Int
        do throws(Failure) {
            end = try f.offset(UInt64(start), plus: member.compressedSize, "\(member.name)")
        } catch {
            throw .damaged("\(member.name) is cut short: the zip is truncated")
        }
        let compressed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        switch member.method {
        case 0:
            var offset = 0
            while offset < compressed.count {
                let end = min(compressed.count, offset + chunkSize)
                consume(Array(compressed[offset..<end])[...])
                offset = end
            }
        case 8:
            try inflate(compressed, chunkSize: chunkSize, consume)
        default:
            throw .damaged("\(member.name) uses compression method \(member.method), which trend cannot read")
        }
    }

    private func inflate(_ input: UnsafeBufferPointer<UInt8>, chunkSize: Int, _ consume: (ArraySlice<UInt8>) -> Void) throws(Failure) {
        var stream = z_stream()
        // Raw deflate (no zlib header): negative window bits.
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .damaged("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: chunkSize)
        var remaining = input.count
        var position = 0
        var status = Z_OK
        repeat {
            // zlib takes at most 4 GiB at a time.
            let take = min(remaining, Int(UInt32.max))
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress.map { $0 + position })
            stream.avail_in = UInt32(take)
            repeat {
                let produced: Int = output.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                if status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR {
                    throw .damaged("the compressed data is damaged (zlib: \(status))")
                }
                if produced > 0 { consume(output[0..<produced]) }
                if produced == 0 && status == Z_BUF_ERROR { break }
            } while stream.avail_out == 0 && status != Z_STREAM_END
            let used = take - Int(stream.avail_in)
            position += used
            remaining -= used
            if used == 0 && status != Z_STREAM_END { break }
        } while status != Z_STREAM_END && remaining > 0
        guard status == Z_STREAM_END else { throw .damaged("the compressed data ends early: the zip is truncated") }
    }
}
