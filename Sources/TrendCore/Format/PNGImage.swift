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
    /// Written out by hand over buffer pointers, with no call in the loop:
    /// the pictures' tests run a debug build, where every call is made.
    static func filtered(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let stride = width * 4
        precondition(width >= 0 && height >= 0 && rgba.count == stride * height, "pixels do not fill the image")
        guard stride > 0, height > 0 else { return [UInt8](repeating: 0, count: height) }
        var out = [UInt8](repeating: 0, count: (stride + 1) * height)
        // Four candidate rows, then a row of zeros: what is above the first.
        var scratch = [UInt8](repeating: 0, count: 5 * stride)
        rgba.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    let none = scratch.baseAddress!, sub = none + stride, above = sub + stride, paethRow = above + stride
                    let zeros = UnsafePointer(paethRow + stride)
                    for row in 0..<height {
                        let current = pixels.baseAddress! + row * stride
                        let up = row > 0 ? current - stride : zeros
                        var sumNone = 0, sumSub = 0, sumUp = 0, sumPaeth = 0
                        var i = 0
                        while i < stride {
                            let value = current[i]
                            let a = i >= 4 ? current[i - 4] : 0
                            let b = up[i]
                            let c = i >= 4 ? up[i - 4] : 0
                            let p = Int(a) + Int(b) - Int(c)
                            var pa = p - Int(a), pb = p - Int(b), pc = p - Int(c)
                            if pa < 0 { pa = -pa }
                            if pb < 0 { pb = -pb }
                            if pc < 0 { pc = -pc }
                            let predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                            let s = value &- a, u = value &- b, t = value &- predicted
                            none[i] = value
                            sub[i] = s
                            above[i] = u
                            paethRow[i] = t
                            // Each byte's distance from zero, read as a signed byte.
                            sumNone += value < 128 ? Int(value) : 256 - Int(value)
                            sumSub += s < 128 ? Int(s) : 256 - Int(s)
                            sumUp += u < 128 ? Int(u) : 256 - Int(u)
                            sumPaeth += t < 128 ? Int(t) : 256 - Int(t)
                            i += 1
                        }
                        // The first of the smallest, in the order 0, 1, 2, 4.
                        var best = 0, bestSum = sumNone
                        if sumSub < bestSum { (best, bestSum) = (1, sumSub) }
                        if sumUp < bestSum { (best, bestSum) = (2, sumUp) }
                        if sumPaeth < bestSum { best = 3 }
                        let line = out.baseAddress! + row * (stride + 1)
                        line[0] = best == 3 ? 4 : UInt8(best)
                        (line + 1).update(from: none + best * stride, count: stride)
                    }
                }
            }
        }
        return out
    }

    /// zlib's default level: its best takes twice as long on a chart's flat
    /// runs of colour for a file a few percent smaller.
    static func compress(_ data: [UInt8]) throws(Failure) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                compress2(output.baseAddress, &length, input.baseAddress, uLong(data.count), Z_DEFAULT_COMPRESSION)
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
