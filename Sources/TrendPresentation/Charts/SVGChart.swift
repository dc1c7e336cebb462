import TrendCore

/// The progress chart as an SVG 1.1 document (SPEC §8): the chart picture's
/// shapes as elements, each with its class, coloured by one stylesheet that
/// an HTML page can recolour for dark mode. Deterministic: the same report
/// gives the same bytes.
struct SVGChart {
    let model: ChartModel?
    var width = 800
    var height = 400

    init(model: ChartModel?, width: Int = 800, height: Int = 400) {
        self.model = model
        self.width = width
        self.height = height
    }

    init(report: ProgressReport, unit: WeightUnit, metric: ChartModel.Metric = .weight, width: Int = 800, height: Int = 400) {
        self.init(model: ChartModel(report: report, unit: unit, metric: metric, valueTickCount: max(3, height / 70)), width: width, height: height)
    }

    var picture: ChartPicture { ChartPicture(model: model, width: width, height: height) }

    /// The typeface the layout measured (SPEC §17), then those of the same
    /// widths (Vera is DejaVu's origin; Verdana is drawn to its metrics).
    static let fontFamily = "'DejaVu Sans','Bitstream Vera Sans',Verdana,sans-serif"

    /// The class of a picture's root, naming its text scale in 24ths: a
    /// page holding charts of several sizes applies every chart's
    /// stylesheet to all of them, so each rule is scoped by it.
    static func scaleClass(factor: Double) -> String { "scale-\(Int((factor * 24).rounded()))" }

    /// The stylesheet, written from the one style table at the picture's
    /// text sizes (`factor` pixels a point): colours through CSS variables,
    /// so a page can set them (dark mode).
    /// Marks' rules only where marks are drawn, so a chart without any is
    /// as it was before marks were (SPEC §21).
    static func style(factor: Double = 1, marks: Bool = false) -> String {
        let scope = "." + scaleClass(factor: factor) + " "
        func paint(_ paint: ChartPaint) -> String { "var(\(paint.variable),\(paint.light))" }
        func px(_ value: Double) -> String { DecimalText.shortest((value * 100).rounded() / 100) }
        var css = scope + "text{font-family:\(fontFamily);font-size:\(px(12 * factor))px;fill:\(paint(.ink))}"
        for element in ChartStyle.elements {
            if case .mark = element, !marks { continue }
            let style = ChartStyle.style(element)
            var rule: [String] = []
            if element.isText {
                // A compact title is a title too: it says its own size.
                if style.fontSize != 12 || element == .compactTitle { rule.append("font-size:\(px(style.fontSize * factor))px") }
                if style.bold { rule.append("font-weight:bold") }
                if let fill = style.fill, fill != .ink { rule.append("fill:" + paint(fill)) }
                if style.halo { rule += ["stroke:" + paint(.paper), "stroke-width:\(px(4 * factor))px", "stroke-dasharray:none", "stroke-linejoin:round", "paint-order:stroke"] }
            } else {
                if let fill = style.fill { rule.append("fill:" + paint(fill)) } else if element != .background { rule.append("fill:none") }
                if let stroke = style.stroke { rule += ["stroke:" + paint(stroke), "stroke-width:" + px(style.lineWidth * factor)] }
                if let dash = style.dash { rule.append("stroke-dasharray:\(px(dash.on * factor)) \(px(dash.off * factor))") }
                if style.roundCaps { rule += ["stroke-linecap:round", "stroke-linejoin:round"] }
                if style.opacity < 1 { rule.append("opacity:" + DecimalText.shortest(style.opacity)) }
            }
            guard !rule.isEmpty else { continue }
            css += scope + "." + element.classNames.split(separator: " ").joined(separator: ".") + "{" + rule.joined(separator: ";") + "}"
        }
        return css
    }

    func rendered() -> String {
        let picture = self.picture
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\""
            + " class=\"\(Self.scaleClass(factor: picture.metrics.factor))\">\n"
        svg += "<title>\(XMLText.escaped(model?.title ?? ChartPicture.emptyMessage))</title>\n"
        svg += "<style>\(Self.style(factor: picture.metrics.factor, marks: !(model?.marks.isEmpty ?? true)))</style>\n"
        for shape in picture.shapes {
            switch shape {
            case .rect(let x, let y, let width, let height, let element):
                svg += "<rect class=\"\(element.classNames)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"/>\n"
            case .line(let x1, let y1, let x2, let y2, let element):
                svg += "<line class=\"\(element.classNames)\" x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"/>\n"
            case .path(let points, let element):
                var d = ""
                for (index, point) in points.enumerated() {
                    d += (index == 0 ? "M" : "L") + Self.number(point.0) + " " + Self.number(point.1)
                }
                svg += "<path class=\"\(element.classNames)\" d=\"\(d)\"/>\n"
            case .area(let points, let element):
                var d = ""
                for (index, point) in points.enumerated() {
                    d += (index == 0 ? "M" : "L") + Self.number(point.0) + " " + Self.number(point.1)
                }
                svg += "<path class=\"\(element.classNames)\" d=\"\(d)Z\"/>\n"
            case .circle(let x, let y, let radius, let element):
                svg += "<circle class=\"\(element.classNames)\" cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\"/>\n"
            case .text(let x, let y, let text, let anchor, let element):
                let anchorAttribute = anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\""
                svg += "<text class=\"\(element.classNames)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\"\(anchorAttribute)>\(XMLText.escaped(text))</text>\n"
            }
        }
        svg += "</svg>\n"
        return svg
    }

    /// Fixed-point, never a locale's decimal comma: the same bytes everywhere.
    static func number(_ value: Double) -> String {
        DecimalText.shortest((value * 10).rounded() / 10)
    }
}

/// Text for XML and HTML: the five characters that could end or open markup.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Controls other than tab and line breaks are not allowed in XML 1.0 at all.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
