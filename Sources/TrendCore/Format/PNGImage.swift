import CZlib

/// A PNG file (RGBA, 8 bits a channel) from raw pixels, compressed with the
/// system zlib: what `--format png` and the mail's chart are. Each row
/// takes the filter that leaves the smallest sum (the usual heuristic);
/// the same pixels always give the same bytes.
public enum PNGImage {
    public enum Failure: Error, Equatable {
        /// zlib could not compress (it only fails for lack of memory).
        case compression(status: Int32)
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `rgba`: `width × height × 4` bytes, rows top to bottom.
    public static func encode(width: Int, height: Int, rgba: [UInt8]) throws(Failure) -> [UInt8] {
        precondition(rgba.count == width * height * 4, "pixels do not fill the image")
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        var png = signature
        png += chunk("IHDR", header)
        png += chunk("IDAT", try compress(filtered(width: width, height: height, rgba: rgba)))
        png += chunk("IEND", [])
        return png
    }

    /// Each row prefixed with its filter type (0 none, 1 sub, 2 up, 4 Paeth).
    static func filtered(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let stride = width * 4
        var out: [UInt8] = []
        out.reserveCapacity((stride + 1) * height)
        var candidates = Array(repeating: [UInt8](repeating: 0, count: stride), count: 4)
        for row in 0..<height {
            let start = row * stride
            var best = 0
            var bestSum = Int.max
            for (index, filter) in [0, 1, 2, 4].enumerated() {
                var sum = 0
                for i in 0..<stride {
                    let current = rgba[start + i]
                    let left = i >= 4 ? rgba[start + i - 4] : 0
                    let up = row > 0 ? rgba[start + i - stride] : 0
                    let upLeft = row > 0 && i >= 4 ? rgba[start + i - stride - 4] : 0
                    let predicted: UInt8
                    switch filter {
                    case 0: predicted = 0
                    case 1: predicted = left
                    case 2: predicted = up
                    default: predicted = paeth(left, up, upLeft)
                    }
                    let value = current &- predicted
                    candidates[index][i] = value
                    sum += value < 128 ? Int(value) : 256 - Int(value)
                }
                if sum < bestSum {
                    bestSum = sum
                    best = index
                }
            }
            out.append([0, 1, 2, 4][best])
            out += candidates[best]
        }
        return out
    }

    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func compress(_ data: [UInt8]) throws(Failure) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                compress2(output.baseAddress, &length, input.baseAddress, uLong(data.count), 9)
            }
        }
        guard status == Z_OK else { throw .compression(status: status) }
        return Array(out.prefix(Int(length)))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, nil, 0)
        crc = (typeBytes + data).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
