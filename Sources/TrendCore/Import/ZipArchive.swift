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
        let localHeaderOffset: UInt64
    }

    enum Failure: Error {
        case damaged(String)
    }

    let bytes: UnsafeBufferPointer<UInt8>

    static let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    private func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    private func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
    private func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }

    /// Every member, from the central directory.
    func members() throws(Failure) -> [Member] {
        // The end of central directory record: within the last 64 KiB + 22 bytes.
        var end = -1
        var i = bytes.count - 22
        while i >= max(0, bytes.count - 22 - 65_535) {
            if u32(i) == 0x0605_4B50 {
                end = i
                break
            }
            i -= 1
        }
        guard end >= 0 else { throw .damaged("no end of central directory: the zip is truncated or not a zip") }
        var count = UInt64(u16(end + 10))
        var size = UInt64(u32(end + 12))
        var offset = UInt64(u32(end + 16))
        // ZIP64: a locator just before, pointing at the ZIP64 end record.
        if end >= 20, u32(end - 20) == 0x0706_4B50 {
            let record = Int(clamping: u64(end - 20 + 8))
            guard record + 56 <= bytes.count, u32(record) == 0x0606_4B50 else { throw .damaged("a damaged ZIP64 end record") }
            count = u64(record + 32)
            size = u64(record + 40)
            offset = u64(record + 48)
        }
        guard offset + size <= UInt64(bytes.count) else { throw .damaged("the central directory lies outside the file") }
        var members: [Member] = []
        var at = Int(offset)
        for _ in 0..<count {
            guard at + 46 <= bytes.count, u32(at) == 0x0201_4B50 else { throw .damaged("a damaged central directory entry") }
            let method = u16(at + 10)
            var compressed = UInt64(u32(at + 20))
            var uncompressed = UInt64(u32(at + 24))
            let nameLength = Int(u16(at + 28)), extraLength = Int(u16(at + 30)), commentLength = Int(u16(at + 32))
            var local = UInt64(u32(at + 42))
            guard at + 46 + nameLength + extraLength + commentLength <= bytes.count else { throw .damaged("a damaged central directory entry") }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 46)..<(at + 46 + nameLength)]), as: UTF8.self)
            // ZIP64 extra field: the 0xFFFFFFFF values follow, in order.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = u16(extra), length = Int(u16(extra + 2))
                if id == 0x0001 {
                    var field = extra + 4
                    if uncompressed == 0xFFFF_FFFF { uncompressed = u64(field); field += 8 }
                    if compressed == 0xFFFF_FFFF { compressed = u64(field); field += 8 }
                    if local == 0xFFFF_FFFF { local = u64(field) }
                }
                extra += 4 + length
            }
            members.append(Member(name: name, method: method, compressedSize: compressed, localHeaderOffset: local))
            at += 46 + nameLength + extraLength + commentLength
        }
        return members
    }

    /// Feeds `member`'s contents to `consume`, a chunk at a time.
    func read(_ member: Member, chunkSize: Int = 1 << 20, _ consume: (ArraySlice<UInt8>) -> Void) throws(Failure) {
        let header = Int(clamping: member.localHeaderOffset)
        guard header + 30 <= bytes.count, u32(header) == 0x0403_4B50 else { throw .damaged("a damaged local header for \(member.name)") }
        let start = header + 30 + Int(u16(header + 26)) + Int(u16(header + 28))
        guard start <= bytes.count, UInt64(start) + member.compressedSize <= UInt64(bytes.count) else {
            throw .damaged("\(member.name) is cut short: the zip is truncated")
        }
        let compressed = UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(member.compressedSize))])
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
