import TrendCore

/// The chart picture rasterised by trend itself (SPEC §8): the same shapes
/// as the SVG, styled by the same table (`ChartStyle`), anti-aliased, the
/// labels in the built-in bitmap font; `scale` 2 for high-density screens.
struct PNGChart {
    let model: ChartModel?
    var width = 800
    var height = 400
    var scale = 1

    /// The bitmap font's pixel for labels and for the title, in picture pixels.
    static let labelPixel = 1.5
    static let titlePixel = 2.0
    static let metrics = ChartPicture.TextMetrics(
        characterWidth: Double(BitmapFont.advance) * labelPixel, titleCharacterWidth: Double(BitmapFont.advance) * titlePixel)

    init(model: ChartModel?, width: Int = 800, height: Int = 400, scale: Int = 1) {
        self.model = model
        self.width = width
        self.height = height
        self.scale = scale
    }

    func rendered() throws -> [UInt8] {
        let picture = ChartPicture(model: model, width: width, height: height, metrics: Self.metrics)
        let s = Double(scale)
        func color(_ paint: ChartPaint) -> Raster.Color { Raster.Color(hex: paint.light) }
        var raster = Raster(width: width * scale, height: height * scale, background: color(.paper))
        func stroke(_ points: [(Double, Double)], _ element: ChartElement) {
            let style = ChartStyle.style(element)
            guard let paint = style.stroke, points.count > 1 else { return }
            let dash = style.dash.map { ($0.on * s, $0.off * s) }
            raster.paint(raster.strokeMask(points.map { ($0.0 * s, $0.1 * s) }, lineWidth: style.lineWidth * s, dash: dash), color(paint), opacity: Float(style.opacity))
        }
        for shape in picture.shapes {
            switch shape {
            case .rect(let x, let y, let w, let h, let element):
                let style = ChartStyle.style(element)
                if let fill = style.fill, let mask = raster.rectanglesMask([(x * s, y * s, w * s, h * s)]) { raster.paint(mask, color(fill), opacity: Float(style.opacity)) }
            case .line(let x1, let y1, let x2, let y2, let element):
                stroke([(x1, y1), (x2, y2)], element)
            case .path(let points, let element):
                stroke(points, element)
            case .circle(let x, let y, let radius, let element):
                let style = ChartStyle.style(element)
                guard let fill = style.fill else { continue }
                raster.paint(raster.circleMask(x: x * s, y: y * s, radius: radius * s), color(fill), opacity: Float(style.opacity))
            case .text(let x, let y, let text, let anchor, let element):
                let style = ChartStyle.style(element)
                let pixel = (element == .title ? Self.titlePixel : Self.labelPixel) * s
                let width = Raster.textWidth(text, pixel: pixel)
                var left = x * s
                if anchor == .middle { left -= width / 2 }
                if anchor == .end { left -= width }
                if style.halo {
                    // A halo of paper, so the label reads over the dots.
                    for (dx, dy) in [(-1.5, 0.0), (1.5, 0), (0, -1.5), (0, 1.5)] {
                        if let halo = raster.textMask(text, x: left + dx * s, baseline: y * s + dy * s, pixel: pixel) {
                            raster.paint(halo, color(.paper))
                        }
                    }
                }
                for offset in style.bold ? [0, 0.5 * s] : [0] {
                    if let mask = raster.textMask(text, x: left + offset, baseline: y * s, pixel: pixel) { raster.paint(mask, color(style.fill ?? .ink)) }
                }
            }
        }
        return try PNGImage.encode(width: raster.width, height: raster.height, rgba: raster.rgba)
    }
}
