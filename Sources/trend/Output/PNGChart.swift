import TrendCore

/// The chart picture rasterised by trend itself (SPEC §8): the same shapes
/// as the SVG, in the same colours and strokes, anti-aliased, the labels in
/// the built-in bitmap font; `scale` 2 for high-density screens.
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

    /// How a class is painted: the SVG stylesheet's strokes and fills, as numbers.
    struct Style {
        var stroke: Raster.Color?
        var fill: Raster.Color?
        var lineWidth = 1.0
        var dash: (Double, Double)?
        var opacity: Float = 1
    }

    static func style(_ classes: String) -> Style {
        typealias P = ChartPicture.Palette
        let names = Set(classes.split(separator: " ").map(String.init))
        func color(_ pair: (light: String, dark: String)) -> Raster.Color { Raster.Color(hex: pair.light) }
        var style = Style()
        if names.contains("background") { style.fill = color(P.paper) }
        if names.contains("grid") { style.stroke = color(P.grid) }
        if names.contains("mark") || names.contains("axis") { style.stroke = color(P.ink) }
        if names.contains("trend") {
            style.stroke = color(P.trend)
            style.lineWidth = 2.5
            if names.contains("estimated") {
                style.dash = (5, 4)
                style.opacity = 0.6
            }
        }
        if names.contains("projection") {
            style.stroke = color(P.trend)
            style.lineWidth = 2.5
            style.dash = (1.5, 4.5)
        }
        if names.contains("weigh-in") {
            style.fill = names.contains("above") ? color(P.floater) : names.contains("below") ? color(P.sinker) : color(P.onTrend)
        }
        if names.contains("floater") || names.contains("sinker") {
            style.stroke = color(names.contains("floater") ? P.floater : P.sinker)
            style.opacity = 0.55
        }
        if names.contains("goal") {
            style.stroke = color(P.goal)
            style.lineWidth = 1.5
            style.dash = (8, 4)
        }
        if names.contains("plan") {
            style.stroke = color(P.goal)
            style.lineWidth = 2
            style.dash = (6, 4)
            style.opacity = 0.85
        }
        return style
    }

    func rendered() throws -> [UInt8] {
        let picture = ChartPicture(model: model, width: width, height: height, metrics: Self.metrics)
        let s = Double(scale)
        var raster = Raster(width: width * scale, height: height * scale, background: Raster.Color(hex: ChartPicture.Palette.paper.light))
        let ink = Raster.Color(hex: ChartPicture.Palette.ink.light)
        for shape in picture.shapes {
            switch shape {
            case .rect(let x, let y, let w, let h, let classes):
                let style = Self.style(classes)
                if let fill = style.fill, let mask = raster.rectanglesMask([(x * s, y * s, w * s, h * s)]) { raster.paint(mask, fill, opacity: style.opacity) }
            case .line(let x1, let y1, let x2, let y2, let classes):
                let style = Self.style(classes)
                guard let stroke = style.stroke else { continue }
                let dash = style.dash.map { ($0.0 * s, $0.1 * s) }
                raster.paint(raster.strokeMask([(x1 * s, y1 * s), (x2 * s, y2 * s)], lineWidth: style.lineWidth * s, dash: dash), stroke, opacity: style.opacity)
            case .path(let points, let classes):
                let style = Self.style(classes)
                guard let stroke = style.stroke, points.count > 1 else { continue }
                let dash = style.dash.map { ($0.0 * s, $0.1 * s) }
                raster.paint(raster.strokeMask(points.map { ($0.0 * s, $0.1 * s) }, lineWidth: style.lineWidth * s, dash: dash), stroke, opacity: style.opacity)
            case .circle(let x, let y, let radius, let classes):
                let style = Self.style(classes)
                guard let fill = style.fill else { continue }
                raster.paint(raster.circleMask(x: x * s, y: y * s, radius: radius * s), fill, opacity: style.opacity)
            case .text(let x, let y, let text, let anchor, let classes):
                let isTitle = classes.contains("title") && !classes.contains("compact")
                let bold = isTitle || classes.contains("goal")
                let pixel = (isTitle ? Self.titlePixel : Self.labelPixel) * s
                let width = Raster.textWidth(text, pixel: pixel)
                var left = x * s
                if anchor == .middle { left -= width / 2 }
                if anchor == .end { left -= width }
                let color = classes.contains("goal") ? Raster.Color(hex: ChartPicture.Palette.goal.light) : ink
                if classes.contains("goal") {
                    // A halo of paper, so the label reads over the dots.
                    for (dx, dy) in [(-1.5, 0.0), (1.5, 0), (0, -1.5), (0, 1.5)] {
                        if let halo = raster.textMask(text, x: left + dx * s, baseline: y * s + dy * s, pixel: pixel) {
                            raster.paint(halo, Raster.Color(hex: ChartPicture.Palette.paper.light))
                        }
                    }
                }
                for offset in bold ? [0, 0.5 * s] : [0] {
                    if let mask = raster.textMask(text, x: left + offset, baseline: y * s, pixel: pixel) { raster.paint(mask, color) }
                }
            }
        }
        return try PNGImage.encode(width: raster.width, height: raster.height, rgba: raster.rgba)
    }
}
