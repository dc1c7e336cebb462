import TrendCore

/// What a drawn element of a chart is (SPEC §8): the one vocabulary the
/// layout, the style table and every painter share. The SVG writes it as
/// `class` names a stylesheet or a test can find; nothing reads those
/// names back to decide how to paint.
public enum ChartElement: Hashable, Sendable {
    public enum Side: String, Sendable { case above, below, on }

    case background, message, title, compactTitle
    case grid, axis, tickMark, tickLabel
    case goal, goalLabel, plan, projection
    case trend, estimatedTrend
    case weighIn(Side)
    case floater, sinker
    /// A shaded span of values (the expenditure's interval).
    case band
    /// Marked days (SPEC §21), in one of `ChartModel.markColours` colours.
    case mark(Int)
    /// The legend's sample of an element.
    indirect case legend(ChartElement)
    case legendLabel

    /// The SVG's `class` attribute.
    public var classNames: String {
        switch self {
        case .background: "background"
        case .message: "message"
        case .title: "title"
        case .compactTitle: "title compact"
        case .grid: "tick grid"
        case .axis: "tick axis"
        case .tickMark: "tick mark"
        case .tickLabel: "tick label"
        case .goal: "goal"
        case .goalLabel: "goal label"
        case .plan: "plan"
        case .projection: "projection"
        case .trend: "trend"
        case .estimatedTrend: "trend estimated"
        case .weighIn(let side): "weigh-in \(side.rawValue)"
        case .floater: "floater"
        case .sinker: "sinker"
        case .band: "band"
        case .mark(let colour): "mark mark-\(colour)"
        case .legend(let element): "legend " + element.classNames
        case .legendLabel: "legend label"
        }
    }

    /// A label, not a line or a dot.
    var isText: Bool {
        switch drawn {
        case .message, .title, .compactTitle, .tickLabel, .goalLabel, .legendLabel: true
        default: false
        }
    }

    /// The element a legend sample stands for, or the element itself.
    var drawn: ChartElement {
        if case .legend(let element) = self { return element }
        return self
    }
}

/// The colours of every chart, light and dark: one palette for the SVG, the
/// HTML page, the PNG and the mail; the terminal's colours chosen to match
/// (SPEC §8: trend blue, floaters red, sinkers green, goal and plan yellow).
public enum ChartPaint: String, CaseIterable, Sendable {
    case paper, ink, grid, trend, floater, sinker, onTrend = "on", goal
    /// Marked days, a colour a name (SPEC §21).
    case mark0, mark1, mark2, mark3

    /// A colour of marked days.
    var isMark: Bool { [.mark0, .mark1, .mark2, .mark3].contains(self) }

    /// The paint of marks in the colour `index` takes.
    static func mark(_ index: Int) -> ChartPaint { [.mark0, .mark1, .mark2, .mark3][index % 4] }

    public var light: String {
        switch self {
        case .paper: "#ffffff"
        case .ink: "#333333"
        case .grid: "#e4e4e4"
        case .trend: "#1d4ed8"
        case .floater: "#dc2626"
        case .sinker: "#16a34a"
        case .onTrend: "#6b7280"
        case .goal: "#b58900"
        case .mark0: "#db2777"
        case .mark1: "#7c3aed"
        case .mark2: "#0d9488"
        case .mark3: "#ea580c"
        }
    }

    public var dark: String {
        switch self {
        case .paper: "#161616"
        case .ink: "#e5e5e5"
        case .grid: "#383838"
        case .trend: "#60a5fa"
        case .floater: "#f87171"
        case .sinker: "#4ade80"
        case .onTrend: "#9ca3af"
        case .goal: "#facc15"
        case .mark0: "#f472b6"
        case .mark1: "#a78bfa"
        case .mark2: "#2dd4bf"
        case .mark3: "#fb923c"
        }
    }

    /// The CSS variable an HTML page sets for dark mode.
    var variable: String { "--" + rawValue }
}

/// How an element is painted: the one style table, read by the SVG's
/// stylesheet and by the PNG's rasteriser alike.
public struct ChartElementStyle: Equatable, Sendable {
    public var stroke: ChartPaint?
    public var fill: ChartPaint?
    public var lineWidth = 1.0
    /// Dash and gap lengths, in picture pixels.
    public var dash: (on: Double, off: Double)?
    public var opacity = 1.0
    public var roundCaps = false
    /// Text: its size in pixels, bold, and a halo of paper behind it (a
    /// label that must read over the dots).
    public var fontSize = 12.0
    public var bold = false
    public var halo = false

    public static func == (a: ChartElementStyle, b: ChartElementStyle) -> Bool {
        a.stroke == b.stroke && a.fill == b.fill && a.lineWidth == b.lineWidth && a.dash?.on == b.dash?.on && a.dash?.off == b.dash?.off
            && a.opacity == b.opacity && a.roundCaps == b.roundCaps && a.fontSize == b.fontSize && a.bold == b.bold && a.halo == b.halo
    }
}

public enum ChartStyle {
    /// The style of `element`. A legend sample is painted as what it stands for.
    public static func style(_ element: ChartElement) -> ChartElementStyle {
        var style = ChartElementStyle()
        switch element.drawn {
        case .background: style.fill = .paper
        case .message: style.fill = .ink; style.fontSize = 14
        case .title: style.fill = .ink; style.fontSize = 15; style.bold = true
        case .compactTitle: style.fill = .ink; style.bold = true
        case .grid: style.stroke = .grid
        case .axis, .tickMark: style.stroke = .ink
        case .tickLabel, .legendLabel: style.fill = .ink
        case .trend: style.stroke = .trend; style.lineWidth = 2.5; style.roundCaps = true
        case .estimatedTrend: style.stroke = .trend; style.lineWidth = 2.5; style.roundCaps = true; style.dash = (5, 4); style.opacity = 0.6
        case .projection: style.stroke = .trend; style.lineWidth = 2.5; style.roundCaps = true; style.dash = (1, 5)
        case .weighIn(let side): style.fill = side == .above ? .floater : side == .below ? .sinker : .onTrend
        case .floater: style.stroke = .floater; style.opacity = 0.55
        case .sinker: style.stroke = .sinker; style.opacity = 0.55
        // Each line its own pattern, so none needs its colour (SPEC §17):
        // the goal solid and thin, the plan dashed, the projection dotted.
        case .goal: style.stroke = .goal; style.lineWidth = 1.5
        case .goalLabel: style.fill = .goal; style.bold = true; style.halo = true
        case .plan: style.stroke = .goal; style.lineWidth = 2; style.dash = (6, 4); style.opacity = 0.85
        case .band: style.fill = .trend; style.opacity = 0.14
        case .mark(let colour): style.fill = ChartPaint.mark(colour); style.opacity = 0.13
        case .legend: break
        }
        return style
    }

    /// Every element kind once, for the stylesheet and for tests.
    public static let elements: [ChartElement] = [
        .background, .message, .title, .compactTitle, .grid, .axis, .tickMark, .tickLabel, .goal, .goalLabel, .plan, .projection, .trend,
        .estimatedTrend, .weighIn(.above), .weighIn(.below), .weighIn(.on), .floater, .sinker, .band, .legendLabel,
    ] + (0..<ChartModel.markColours).map { .mark($0) }
}
