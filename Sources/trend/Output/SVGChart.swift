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

    var picture: ChartPicture { ChartPicture(model: model, width: width, height: height, metrics: .svg) }

    /// The stylesheet: colours through CSS variables, so a page can set them.
    static var style: String {
        typealias P = ChartPicture.Palette
        var css = "text{font-family:sans-serif;font-size:12px;fill:var(--ink,\(P.ink.light))}.title{font-size:15px;font-weight:bold}.title.compact{font-size:12px}"
        css += ".background{fill:var(--paper,\(P.paper.light))}.grid{stroke:var(--grid,\(P.grid.light));stroke-width:1}"
        css += ".mark,.axis{stroke:var(--ink,\(P.ink.light));stroke-width:1}"
        css += ".trend{fill:none;stroke:var(--trend,\(P.trend.light));stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}"
        css += ".trend.estimated{stroke-dasharray:5 4;opacity:.6}"
        css += ".projection{fill:none;stroke:var(--trend,\(P.trend.light));stroke-width:2.5;stroke-dasharray:1 5;stroke-linecap:round}"
        css += ".weigh-in{fill:var(--on,\(P.onTrend.light))}.weigh-in.above{fill:var(--floater,\(P.floater.light))}.weigh-in.below{fill:var(--sinker,\(P.sinker.light))}"
        css += ".floater{stroke:var(--floater,\(P.floater.light));stroke-width:1;opacity:.55}.sinker{stroke:var(--sinker,\(P.sinker.light));stroke-width:1;opacity:.55}"
        css += ".goal{stroke:var(--goal,\(P.goal.light));stroke-width:1.5;stroke-dasharray:8 4}"
        css += ".plan{stroke:var(--goal,\(P.goal.light));stroke-width:2;stroke-dasharray:6 4;opacity:.85}"
        css += ".goal.label{fill:var(--goal,\(P.goal.light));stroke:var(--paper,\(P.paper.light));stroke-width:4px;stroke-dasharray:none;stroke-linejoin:round;paint-order:stroke;font-weight:bold}"
        css += ".legend.label{fill:var(--ink,\(P.ink.light))}.message{font-size:14px}"
        return css
    }

    func rendered() -> String {
        let picture = self.picture
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
        svg += "<title>\(XMLText.escaped(model?.title ?? ChartPicture.emptyMessage))</title>\n"
        svg += "<style>\(Self.style)</style>\n"
        for shape in picture.shapes {
            switch shape {
            case .rect(let x, let y, let width, let height, let classes):
                svg += "<rect class=\"\(classes)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"/>\n"
            case .line(let x1, let y1, let x2, let y2, let classes):
                svg += "<line class=\"\(classes)\" x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"/>\n"
            case .path(let points, let classes):
                var d = ""
                for (index, point) in points.enumerated() {
                    d += (index == 0 ? "M" : "L") + Self.number(point.0) + " " + Self.number(point.1)
                }
                svg += "<path class=\"\(classes)\" d=\"\(d)\"/>\n"
            case .circle(let x, let y, let radius, let classes):
                svg += "<circle class=\"\(classes)\" cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\"/>\n"
            case .text(let x, let y, let text, let anchor, let classes):
                let anchorAttribute = anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\""
                svg += "<text class=\"\(classes)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\"\(anchorAttribute)>\(XMLText.escaped(text))</text>\n"
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
