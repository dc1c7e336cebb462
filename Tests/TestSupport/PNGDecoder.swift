import CZlib
import Foundation

/// Reads a PNG (8-bit RGB or RGBA, not interlaced: what trend writes and
/// what Chromium's screenshots are) back into pixels, written apart from
/// the encoder so a test checks the file, not the code that wrote it: the
/// chunks and their CRCs, zlib, and every row filter.
public struct DecodedPNG {
    public let width: Int
    public let height: Int
    /// RGBA, rows top to bottom.
    public let pixels: [UInt8]
    public let chunkTypes: [String]

    public enum Failure: Error, CustomStringConvertible {
        case notPNG, badChunk(String), unsupported(String), badData(String)

        public var description: String {
            switch self {
            case .notPNG: "not a PNG"
            case .badChunk(let why), .unsupported(let why), .badData(let why): why
            }
        }
    }

    public init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Failure.notPNG }
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        var position = 8
        var width = 0
        var height = 0
        var channels = 0
        var compressed: [UInt8] = []
        var types: [String] = []
        while position + 12 <= bytes.count {
            let length = u32(position)
            guard position + 12 + length <= bytes.count else { throw Failure.badChunk("a chunk runs past the end") }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let body = Array(bytes[(position + 8)..<(position + 8 + length)])
            let stored = UInt(u32(position + 8 + length))
            let computed = (Array(type.utf8) + body).withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            guard stored == UInt(computed) else { throw Failure.badChunk("\(type) has a wrong CRC") }
            types.append(type)
            switch type {
            case "IHDR":
                width = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
                height = Int(body[4]) << 24 | Int(body[5]) << 16 | Int(body[6]) << 8 | Int(body[7])
                guard body[8] == 8, body[9] == 2 || body[9] == 6, body[12] == 0 else {
                    throw Failure.unsupported("depth \(body[8]), colour type \(body[9]), interlace \(body[12])")
                }
                channels = body[9] == 6 ? 4 : 3
            case "IDAT":
                compressed += body
            default:
                break
            }
            position += 12 + length
        }
        guard types.first == "IHDR", types.last == "IEND", width > 0, height > 0 else { throw Failure.badChunk("chunks out of order: \(types)") }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = compressed.withUnsafeBufferPointer { input in
            raw.withUnsafeMutableBufferPointer { output in uncompress(output.baseAddress, &rawLength, input.baseAddress, uLong(input.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw Failure.badData("zlib status \(status), \(rawLength) bytes") }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            var line = Array(raw[(row * (stride + 1) + 1)..<((row + 1) * (stride + 1))])
            for x in 0..<stride {
                let a = x >= channels ? Int(line[x - channels]) : 0
                let b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure.badData("filter \(filter) on row \(row)")
                }
                line[x] = UInt8((Int(line[x]) + predicted) & 0xFF)
            }
            for x in 0..<width {
                for channel in 0..<channels { pixels[(row * width + x) * 4 + channel] = line[x * channels + channel] }
            }
            previous = line
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        chunkTypes = types
    }

    public init(path: String) throws {
        try self.init(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    public func pixel(_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Pixels within `tolerance` of `hex` (`1d4ed8`) in each channel, inside a box.
    public func count(near hex: String, tolerance: Int = 40, in box: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil) -> Int {
        let value = Int(hex, radix: 16) ?? 0
        let target = (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
        let b = box ?? (0, 0, width, height)
        var count = 0
        for y in max(0, b.y0)..<min(height, b.y1) {
            for x in max(0, b.x0)..<min(width, b.x1) {
                let p = pixel(x, y)
                if abs(Int(p.red) - target.0) <= tolerance && abs(Int(p.green) - target.1) <= tolerance && abs(Int(p.blue) - target.2) <= tolerance {
                    count += 1
                }
            }
        }
        return count
    }

    /// Pixels that are not near white, inside a box.
    public func inked(in box: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil) -> Int {
        let b = box ?? (0, 0, width, height)
        var count = 0
        for y in max(0, b.y0)..<min(height, b.y1) {
            for x in max(0, b.x0)..<min(width, b.x1) {
                let p = pixel(x, y)
                if p.red < 235 || p.green < 235 || p.blue < 235 { count += 1 }
            }
        }
        return count
    }
}
