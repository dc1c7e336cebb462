import TrendCore

/// The chart picture rasterised by trend itself (SPEC §8): the same shapes
/// as the SVG, styled by the same table (`ChartStyle`), anti-aliased, the
/// labels in the built-in DejaVu Sans (SPEC §17); `scale` 2 for high-density screens.
struct PNGChart {
    let model: ChartModel?
    var width = 800
    var height = 400
    var scale = 1

    init(model: ChartModel?, width: Int = 800, height: Int = 400, scale: Int = 1) {
        self.model = model
        self.width = width
        self.height = height
        self.scale = scale
    }

    func rendered() throws -> [UInt8] {
        let picture = ChartPicture(model: model, width: width, height: height)
        let s = Double(scale)
        // Lines thicken with the labels in a wide picture.
        let k = picture.metrics.factor
        func color(_ paint: ChartPaint) -> Raster.Color { Raster.Color(hex: paint.light) }
        var raster = Raster(width: width * scale, height: height * scale, background: color(.paper))
        func stroke(_ points: [(Double, Double)], _ element: ChartElement) {
            let style = ChartStyle.style(element)
            guard let paint = style.stroke, points.count > 1 else { return }
            let dash = style.dash.map { ($0.on * s * k, $0.off * s * k) }
            raster.paint(raster.strokeMask(points.map { ($0.0 * s, $0.1 * s) }, lineWidth: style.lineWidth * s * k, dash: dash), color(paint), opacity: Float(style.opacity))
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
            case .area(let points, let element):
                let style = ChartStyle.style(element)
                if let fill = style.fill, let mask = raster.polygonMask(points.map { ($0.0 * s, $0.1 * s) }) { raster.paint(mask, color(fill), opacity: Float(style.opacity)) }
            case .circle(let x, let y, let radius, let element):
                let style = ChartStyle.style(element)
                guard let fill = style.fill else { continue }
                raster.paint(raster.circleMask(x: x * s, y: y * s, radius: radius * s), color(fill), opacity: Float(style.opacity))
            case .text(let x, let y, let text, let anchor, let element):
                let style = ChartStyle.style(element)
                let face = picture.metrics.style(element)
                let width = face.width(text) * s
                var left = x * s
                if anchor == .middle { left -= width / 2 }
                if anchor == .end { left -= width }
                guard let mask = raster.textMask(text, style: face, scale: s, x: left, baseline: y * s) else { continue }
                if style.halo {
                    // A halo of paper, so the label reads over the dots and lines.
                    let reach = 2 * s
                    for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1), (-0.7, -0.7), (0.7, -0.7), (-0.7, 0.7), (0.7, 0.7)] {
                        if let halo = raster.textMask(text, style: face, scale: s, x: left + dx * reach, baseline: y * s + dy * reach) {
                            raster.paint(halo, color(.paper))
                        }
                    }
                }
                raster.paint(mask, color(style.fill ?? .ink))
            }
        }
        return try PNGImage.encode(width: raster.width, height: raster.height, rgba: raster.rgba)
    }
}
