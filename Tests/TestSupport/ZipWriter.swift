import CZlib
import Foundation

/// Writes zip files in the layout the Health app shares, for tests: stored
/// or deflated members, ZIP64 records when asked. Built here so the tests
/// need nothing but the toolchain and the system zlib.
public struct ZipWriter {
    public enum Method: UInt16, Sendable {
        case stored = 0
        case deflated = 8
    }

    public struct Member {
        public let name: String
        public let bytes: [UInt8]

        public init(_ name: String, _ text: String) {
            self.name = name
            bytes = Array(text.utf8)
        }

        public init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public let method: Method
    public let zip64: Bool

    public init(method: Method = .deflated, zip64: Bool = false) {
        self.method = method
        self.zip64 = zip64
    }

    public func archive(_ members: [Member]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for member in members {
            let data = method == .deflated ? Self.deflate(member.bytes) : member.bytes
            let crc = member.bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
            let offset = UInt64(out.count)
            let name = Array(member.name.utf8)
            var localExtra: [UInt8] = []
            if zip64 {
                Self.put16(&localExtra, 0x0001)
                Self.put16(&localExtra, 16)
                Self.put64(&localExtra, UInt64(member.bytes.count))
                Self.put64(&localExtra, UInt64(data.count))
            }
            Self.put32(&out, 0x0403_4B50)
            Self.put16(&out, zip64 ? 45 : 20)
            Self.put16(&out, 0)
            Self.put16(&out, method.rawValue)
            Self.put16(&out, 0)
            Self.put16(&out, 0x21)
            Self.put32(&out, crc)
            Self.put32(&out, zip64 ? 0xFFFF_FFFF : UInt32(data.count))
            Self.put32(&out, zip64 ? 0xFFFF_FFFF : UInt32(member.bytes.count))
            Self.put16(&out, UInt16(name.count))
            Self.put16(&out, UInt16(localExtra.count))
            out += name + localExtra + data
            var centralExtra: [UInt8] = []
            if zip64 {
                Self.put16(&centralExtra, 0x0001)
                Self.put16(&centralExtra, 24)
                Self.put64(&centralExtra, UInt64(member.bytes.count))
                Self.put64(&centralExtra, UInt64(data.count))
                Self.put64(&centralExtra, offset)
            }
            Self.put32(&central, 0x0201_4B50)
            Self.put16(&central, 45)
            Self.put16(&central, zip64 ? 45 : 20)
            Self.put16(&central, 0)
            Self.put16(&central, method.rawValue)
            Self.put16(&central, 0)
            Self.put16(&central, 0x21)
            Self.put32(&central, crc)
            Self.put32(&central, zip64 ? 0xFFFF_FFFF : UInt32(data.count))
            Self.put32(&central, zip64 ? 0xFFFF_FFFF : UInt32(member.bytes.count))
            Self.put16(&central, UInt16(name.count))
            Self.put16(&central, UInt16(centralExtra.count))
            Self.put16(&central, 0)
            Self.put16(&central, 0)
            Self.put16(&central, 0)
            Self.put32(&central, 0)
            Self.put32(&central, zip64 ? 0xFFFF_FFFF : UInt32(offset))
            central += name + centralExtra
        }
        let centralOffset = UInt64(out.count)
        out += central
        if zip64 {
            let record = UInt64(out.count)
            Self.put32(&out, 0x0606_4B50)
            Self.put64(&out, 44)
            Self.put16(&out, 45)
            Self.put16(&out, 45)
            Self.put32(&out, 0)
            Self.put32(&out, 0)
            Self.put64(&out, UInt64(members.count))
            Self.put64(&out, UInt64(members.count))
            Self.put64(&out, UInt64(central.count))
            Self.put64(&out, centralOffset)
            Self.put32(&out, 0x0706_4B50)
            Self.put32(&out, 0)
            Self.put64(&out, record)
            Self.put32(&out, 1)
        }
        Self.put32(&out, 0x0605_4B50)
        Self.put16(&out, 0)
        Self.put16(&out, 0)
        Self.put16(&out, zip64 ? 0xFFFF : UInt16(members.count))
        Self.put16(&out, zip64 ? 0xFFFF : UInt16(members.count))
        Self.put32(&out, zip64 ? 0xFFFF_FFFF : UInt32(central.count))
        Self.put32(&out, zip64 ? 0xFFFF_FFFF : UInt32(centralOffset))
        Self.put16(&out, 0)
        return out
    }

    /// Raw deflate (no zlib header), as zip members hold it.
    public static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = UInt32(destination.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return destination.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }

    static func put16(_ out: inout [UInt8], _ value: UInt16) {
        out += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    static func put32(_ out: inout [UInt8], _ value: UInt32) {
        put16(&out, UInt16(value & 0xFFFF))
        put16(&out, UInt16(value >> 16))
    }

    static func put64(_ out: inout [UInt8], _ value: UInt64) {
        put32(&out, UInt32(value & 0xFFFF_FFFF))
        put32(&out, UInt32(value >> 32))
    }
}
