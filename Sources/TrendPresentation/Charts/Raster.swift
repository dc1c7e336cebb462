/// A small anti-aliased rasteriser for the PNG chart: opaque RGB pixels,
/// shapes painted by coverage (how much of each pixel they cover), so lines
/// and dots have smooth edges. Each shape's coverage is gathered first and
/// blended once, so a line's joints are not painted twice.
struct Raster {
    struct Color: Equatable {
        var red: Float
        var green: Float
        var blue: Float

        /// `#rrggbb`.
        init(hex: String) {
            let digits = Array(hex.utf8.dropFirst())
            func byte(_ at: Int) -> Float {
                func nibble(_ c: UInt8) -> Int { c <= 57 ? Int(c) - 48 : (Int(c) | 0x20) - 87 }
                return Float(nibble(digits[at]) * 16 + nibble(digits[at + 1])) / 255
            }
            red = byte(0)
            green = byte(2)
            blue = byte(4)
        }
    }

    let width: Int
    let height: Int
    private(set) var pixels: [Float]

    init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        pixels = Array(repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { pixels in
            var i = 0
            while i < pixels.count {
                pixels[i] = background.red
                pixels[i + 1] = background.green
                pixels[i + 2] = background.blue
                i += 3
            }
        }
    }

    /// The coverage of one shape over the pixels it may touch.
    struct Mask {
        let x0: Int
        let y0: Int
        let width: Int
        let height: Int
        var values: [Float]

        init(x0: Int, y0: Int, x1: Int, y1: Int) {
            self.x0 = x0
            self.y0 = y0
            width = max(0, x1 - x0)
            height = max(0, y1 - y0)
            values = Array(repeating: 0, count: width * height)
        }

        mutating func cover(_ x: Int, _ y: Int, _ amount: Float) {
            let i = (y - y0) * width + (x - x0)
            if amount > values[i] { values[i] = amount }
        }
    }

    func mask(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Mask {
        Mask(
            x0: max(0, Int(minX.rounded(.down)) - 1), y0: max(0, Int(minY.rounded(.down)) - 1),
            x1: min(width, Int(maxX.rounded(.up)) + 2), y1: min(height, Int(maxY.rounded(.up)) + 2))
    }

    mutating func paint(_ mask: Mask, _ color: Color, opacity: Float = 1) {
        guard mask.width > 0, mask.height > 0 else { return }
        // Unchecked writes below: a mask outside the picture must stop here.
        precondition(mask.x0 >= 0 && mask.y0 >= 0 && mask.x0 + mask.width <= width && mask.y0 + mask.height <= height, "mask outside the picture")
        let width = width
        pixels.withUnsafeMutableBufferPointer { pixels in
            mask.values.withUnsafeBufferPointer { values in
                for my in 0..<mask.height {
                    let row = values.baseAddress! + my * mask.width
                    var i = ((mask.y0 + my) * width + mask.x0) * 3
                    for mx in 0..<mask.width {
                        let amount = row[mx] * opacity
                        if amount > 0 {
                            pixels[i] += (color.red - pixels[i]) * amount
                            pixels[i + 1] += (color.green - pixels[i + 1]) * amount
                            pixels[i + 2] += (color.blue - pixels[i + 2]) * amount
                        }
                        i += 3
                    }
                }
            }
        }
    }

    /// A stroke along `points`, `lineWidth` wide with round ends; `dash`
    /// (on, off) lengths run on across the joints.
    func strokeMask(_ points: [(Double, Double)], lineWidth: Double, dash: (Double, Double)? = nil) -> Mask {
        let half = lineWidth / 2
        let xs = points.map(\.0)
        let ys = points.map(\.1)
        var mask = mask(minX: xs.min()! - half, minY: ys.min()! - half, maxX: xs.max()! + half, maxY: ys.max()! + half)
        var travelled = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.0 - a.0
            let dy = b.1 - a.1
            let length = (dx * dx + dy * dy).squareRoot()
            let minX = max(mask.x0, Int((min(a.0, b.0) - half).rounded(.down)) - 1)
            let maxX = min(mask.x0 + mask.width - 1, Int((max(a.0, b.0) + half).rounded(.up)) + 1)
            let minY = max(mask.y0, Int((min(a.1, b.1) - half).rounded(.down)) - 1)
            let maxY = min(mask.y0 + mask.height - 1, Int((max(a.1, b.1) + half).rounded(.up)) + 1)
            if minX <= maxX && minY <= maxY {
                for py in minY...maxY {
                    for px in minX...maxX {
                        let cx = Double(px) + 0.5
                        let cy = Double(py) + 0.5
                        // Distance to the segment, and how far along it the nearest point is.
                        var t = length > 0 ? ((cx - a.0) * dx + (cy - a.1) * dy) / (length * length) : 0
                        t = min(1, max(0, t))
                        let nx = a.0 + dx * t - cx
                        let ny = a.1 + dy * t - cy
                        let distance = (nx * nx + ny * ny).squareRoot()
                        var coverage = min(1, max(0, half + 0.5 - distance))
                        guard coverage > 0 else { continue }
                        if let dash {
                            let along = (travelled + t * length).truncatingRemainder(dividingBy: dash.0 + dash.1)
                            // Soft dash ends, a pixel wide.
                            let inside = min(along + 0.5, dash.0 - along + 0.5, 1)
                            coverage *= max(0, inside)
                            guard coverage > 0 else { continue }
                        }
                        mask.cover(px, py, Float(coverage))
                    }
                }
            }
            travelled += length
        }
        return mask
    }

    func circleMask(x: Double, y: Double, radius: Double) -> Mask {
        var mask = mask(minX: x - radius, minY: y - radius, maxX: x + radius, maxY: y + radius)
        for py in mask.y0..<(mask.y0 + mask.height) {
            for px in mask.x0..<(mask.x0 + mask.width) {
                let dx = Double(px) + 0.5 - x
                let dy = Double(py) + 0.5 - y
                let coverage = min(1, max(0, radius + 0.5 - (dx * dx + dy * dy).squareRoot()))
                if coverage > 0 { mask.cover(px, py, Float(coverage)) }
            }
        }
        return mask
    }

    /// Rectangles, each pixel covered by the share of its area inside them.
    func rectanglesMask(_ rectangles: [(x: Double, y: Double, width: Double, height: Double)]) -> Mask? {
        guard !rectangles.isEmpty else { return nil }
        var mask = mask(
            minX: rectangles.map(\.x).min()!, minY: rectangles.map(\.y).min()!,
            maxX: rectangles.map { $0.x + $0.width }.max()!, maxY: rectangles.map { $0.y + $0.height }.max()!)
        for rectangle in rectangles {
            let x0 = max(mask.x0, Int(rectangle.x.rounded(.down)))
            let x1 = min(mask.x0 + mask.width, Int((rectangle.x + rectangle.width).rounded(.up)))
            let y0 = max(mask.y0, Int(rectangle.y.rounded(.down)))
            let y1 = min(mask.y0 + mask.height, Int((rectangle.y + rectangle.height).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for py in y0..<y1 {
                let coverY = min(Double(py + 1), rectangle.y + rectangle.height) - max(Double(py), rectangle.y)
                for px in x0..<x1 {
                    let coverX = min(Double(px + 1), rectangle.x + rectangle.width) - max(Double(px), rectangle.x)
                    let i = (py - mask.y0) * mask.width + (px - mask.x0)
                    mask.values[i] = min(1, mask.values[i] + Float(max(0, coverX) * max(0, coverY)))
                }
            }
        }
        return mask
    }

    /// A closed polygon, each pixel covered by the share of its area inside
    /// (the glyphs' rasteriser, on straight edges).
    func polygonMask(_ points: [(Double, Double)]) -> Mask? {
        guard points.count >= 3 else { return nil }
        var mask = mask(minX: points.map(\.0).min()! - 1, minY: points.map(\.1).min()! - 1, maxX: points.map(\.0).max()! + 1, maxY: points.map(\.1).max()! + 1)
        guard mask.width > 0, mask.height > 0 else { return nil }
        var coverage = CoverageRaster(width: mask.width, height: mask.height)
        func point(_ p: (Double, Double)) -> GlyphOutline.Point { GlyphOutline.Point(x: p.0 - Double(mask.x0), y: p.1 - Double(mask.y0)) }
        for (a, b) in zip(points, points.dropFirst() + [points[0]]) { coverage.line(point(a), point(b)) }
        mask.values = coverage.coverage()
        return mask
    }

    /// Text in `style`'s face and size, each glyph's outline filled by its
    /// exact coverage; `x` is where the text starts and `baseline` its base.
    /// `scale` multiplies the style's size (a PNG at `--scale 2`).
    func textMask(_ text: String, style: TextStyle, scale: Double = 1, x: Double, baseline: Double) -> Mask? {
        let glyphs = style.glyphs(text)
        guard !glyphs.isEmpty else { return nil }
        let units = style.scale * scale
        let textWidth = style.width(text) * scale
        var mask = mask(minX: x - 2, minY: baseline - style.ascent * scale - 1, maxX: x + textWidth + 2, maxY: baseline + style.descent * scale + 1)
        guard mask.width > 2, mask.height > 0 else { return nil }
        var coverage = CoverageRaster(width: mask.width, height: mask.height)
        let originX = x - Double(mask.x0)
        let originY = baseline - Double(mask.y0)
        for (glyph, pen) in glyphs {
            guard let contours = try? style.font.outline(glyph) else { continue }
            let left = originX + pen * scale
            func point(_ p: GlyphOutline.Point) -> GlyphOutline.Point { GlyphOutline.Point(x: left + p.x * units, y: originY - p.y * units) }
            for contour in contours {
                for segment in contour.segments {
                    switch segment {
                    case .line(let a, let b): coverage.line(point(a), point(b))
                    case .curve(let a, let c, let b): coverage.curve(point(a), point(c), point(b))
                    }
                }
            }
        }
        mask.values = coverage.coverage()
        return mask
    }

    /// RGBA bytes for the PNG encoder.
    /// Over buffer pointers, with no call per pixel: the pictures' tests
    /// run a debug build, where every call is made.
    var rgba: [UInt8] {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                var i = 0, o = 0
                while i < pixels.count {
                    for channel in 0..<3 {
                        // min(1, max(0, value)), as the standard library orders its comparisons.
                        let value = pixels[i + channel]
                        let floor: Float = value >= 0 ? value : 0
                        let clamped: Float = floor < 1 ? floor : 1
                        out[o + channel] = UInt8((clamped * 255).rounded())
                    }
                    i += 3
                    o += 4
                }
            }
        }
        return out
    }
}
