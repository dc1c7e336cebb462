/// Anti-aliased filling of outlines by exact area coverage: each edge adds
/// its signed area to the cells it crosses, and a running sum along each
/// row gives how much of every pixel lies inside (the method of Raph
/// Levien's font-rs). Non-zero winding, as TrueType outlines are drawn.
struct CoverageRaster {
    let width: Int
    let height: Int
    /// Signed area per cell, one spare cell at the end for edges on the right border.
    private var area: [Float]

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        area = Array(repeating: 0, count: self.width * self.height + 2)
    }

    /// An edge from `a` to `b` in pixels, y down. Edges outside the raster
    /// are clipped to it: what lies left of it still counts as inside.
    mutating func line(_ a: GlyphOutline.Point, _ b: GlyphOutline.Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let (direction, p0, p1) = a.y < b.y ? (Float(1), a, b) : (Float(-1), b, a)
        let w = Double(width)
        // Clip x into the raster, short of its last column (whose right neighbour
        // would be the next row): a part left of it adds its area to column 0.
        func clampX(_ x: Double) -> Float { Float(min(max(x, 0), w - 1.001)) }
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        var y = max(0, Int(p0.y.rounded(.down)))
        let yEnd = min(height, Int(p1.y.rounded(.up)))
        var x = p0.x + (Double(y) > p0.y ? (Double(y) - p0.y) * dxdy : 0)
        while y < yEnd {
            let top = max(Double(y), p0.y)
            let bottom = min(Double(y + 1), p1.y)
            let dy = Float(bottom - top)
            let xNext = x + dxdy * (bottom - top)
            let d = dy * direction
            let x0 = min(clampX(x), clampX(xNext))
            let x1 = max(clampX(x), clampX(xNext))
            let row = y * width
            let x0Floor = x0.rounded(.down)
            let x0i = Int(x0Floor)
            let x1Ceil = x1.rounded(.up)
            let x1i = Int(x1Ceil)
            if x1i <= x0i + 1 {
                // Within one cell: its share right of the edge's middle goes to the next.
                let middle = 0.5 * (x0 + x1) - x0Floor
                area[row + x0i] += d - d * middle
                area[row + x0i + 1] += d * middle
            } else {
                let s = 1 / (x1 - x0)
                let x0f = x0 - x0Floor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = x1 - x1Ceil + 1
                let am = 0.5 * s * x1f * x1f
                area[row + x0i] += d * a0
                if x1i == x0i + 2 {
                    area[row + x0i + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    area[row + x0i + 1] += d * (a1 - a0)
                    var xi = x0i + 2
                    while xi < x1i - 1 {
                        area[row + xi] += d * s
                        xi += 1
                    }
                    let a2 = a1 + Float(x1i - x0i - 3) * s
                    area[row + x1i - 1] += d * (1 - a2 - am)
                }
                area[row + x1i] += d * am
            }
            x = xNext
            y += 1
        }
    }

    /// A quadratic curve, as lines short enough that the error is under a
    /// tenth of a pixel.
    mutating func curve(_ a: GlyphOutline.Point, _ control: GlyphOutline.Point, _ b: GlyphOutline.Point) {
        let deviation = abs(a.x - 2 * control.x + b.x) + abs(a.y - 2 * control.y + b.y)
        let steps = max(1, min(64, Int((deviation * 2.5).squareRoot().rounded(.up))))
        var previous = a
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            let u = 1 - t
            let point = GlyphOutline.Point(
                x: u * u * a.x + 2 * u * t * control.x + t * t * b.x, y: u * u * a.y + 2 * u * t * control.y + t * t * b.y)
            line(previous, point)
            previous = point
        }
    }

    /// How much of each pixel is inside, 0 to 1, row by row.
    func coverage() -> [Float] {
        var out = [Float](repeating: 0, count: width * height)
        var sum: Float = 0
        for i in 0..<(width * height) {
            sum += area[i]
            out[i] = min(1, abs(sum))
        }
        return out
    }
}
