import TrendCore

/// The chart model painted in a terminal (SPEC §8): braille cells of 2 × 4
/// dots, lines drawn dot by dot so a slope reads as a slope; the value
/// ticks on the left, calendar ticks below, a legend of what is drawn.
/// `--ascii` (or a locale that is not UTF-8) paints the same layers with
/// one character a cell.
struct BrailleChart {
    let model: ChartModel
    /// The whole chart's width in columns, labels included.
    let columns: Int
    /// Rows of the plot.
    var rows = 16
    var unicode = true
    var color = false

    /// What a dot belongs to; where two share a cell the higher wins (the trend).
    enum Layer: Int, Comparable {
        case none, band, goal, plan, sinker, floater, weighIn, projection, estimated, trend

        static func < (a: Layer, b: Layer) -> Bool { a.rawValue < b.rawValue }

        /// SGR colours, the same as the pictures': trend blue, floaters red,
        /// sinkers green, goal and plan yellow.
        var sgr: String? {
            switch self {
            case .none, .weighIn: nil
            case .band: "2;34"
            case .goal, .plan: "33"
            case .sinker: "32"
            case .floater: "31"
            case .projection, .trend: "34"
            case .estimated: "2;34"
            }
        }

        /// One character a cell (SPEC §17): each series its own.
        var ascii: Character {
            switch self {
            case .none: " "
            case .band: "~"
            case .goal: "="
            case .plan: "/"
            case .sinker: "o"
            case .floater: "+"
            case .weighIn: "."
            case .projection: ":"
            case .estimated, .trend: "*"
            }
        }

        /// A weigh-in's braille mark, a whole cell that no line draws: heavy
        /// at the top (▛) above the trend, at the bottom (▟) below it, a
        /// square in the middle where a series has no sides.
        var brailleMark: Character? {
            switch self {
            case .floater: "⠟"
            case .sinker: "⣴"
            case .weighIn: "⠶"
            default: nil
            }
        }

        var isMark: Bool { brailleMark != nil }
    }

    /// Dots per cell across and down.
    var dotsAcross: Int { unicode ? 2 : 1 }
    var dotsDown: Int { unicode ? 4 : 1 }

    struct Canvas {
        let width: Int
        let height: Int
        let dotsAcross: Int
        let dotsDown: Int
        var bits: [UInt8]
        /// The top line in each cell, and the top weigh-in mark.
        var layers: [Layer]
        var marks: [Layer]

        init(columns: Int, rows: Int, dotsAcross: Int, dotsDown: Int) {
            width = columns * dotsAcross
            height = rows * dotsDown
            self.dotsAcross = dotsAcross
            self.dotsDown = dotsDown
            bits = Array(repeating: 0, count: columns * rows)
            layers = Array(repeating: .none, count: columns * rows)
            marks = Array(repeating: .none, count: columns * rows)
        }

        /// A weigh-in's mark in the cell of the dot at `x`, `y`.
        mutating func mark(_ x: Int, _ y: Int, _ layer: Layer) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let cell = (y / dotsDown) * (width / dotsAcross) + x / dotsAcross
            if layer > marks[cell] { marks[cell] = layer }
        }

        /// Unicode's braille dot numbering: columns 1-2-3-7 and 4-5-6-8.
        static let braille: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

        mutating func set(_ x: Int, _ y: Int, _ layer: Layer) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let cell = (y / dotsDown) * (width / dotsAcross) + x / dotsAcross
            bits[cell] |= dotsAcross == 2 ? Self.braille[y % 4][x % 2] : 1
            if layer > layers[cell] { layers[cell] = layer }
        }

        /// Dot by dot from one point to another; `pattern` says which steps are drawn (dashes).
        mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ layer: Layer, pattern: (Int) -> Bool = { _ in true }) {
            let steps = max(1, Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)))
            for step in 0...steps where pattern(step) {
                let t = Double(step) / Double(steps)
                set(Int((x0 + (x1 - x0) * t).rounded()), Int((y0 + (y1 - y0) * t).rounded()), layer)
            }
        }
    }

    func rendered() -> String {
        let labels = model.valueTicks.map(\.label)
        let labelWidth = labels.map(\.count).max() ?? 0
        let plotColumns = max(10, columns - labelWidth - 2)
        let rows = max(6, self.rows)
        var canvas = Canvas(columns: plotColumns, rows: rows, dotsAcross: dotsAcross, dotsDown: dotsDown)
        let first = Double(model.firstDay.dayNumber)
        let days = Double(max(1, model.lastDay.dayNumber - model.firstDay.dayNumber))
        func x(_ day: Double) -> Double { (day - first) / days * Double(canvas.width - 1) }
        func x(_ day: CalendarDay) -> Double { x(Double(day.dayNumber)) }
        func y(_ value: Double) -> Double {
            let clamped = min(model.high, max(model.low, value))
            return (model.high - clamped) / (model.high - model.low) * Double(canvas.height - 1)
        }

        // Lowest first, so that what matters most is drawn last and wins its cells.
        if let band = model.band {
            // The interval's edges over its days, dotted.
            for segment in band.segments {
                for (a, b) in zip(segment, segment.dropFirst()) {
                    canvas.line(x(a.day), y(a.low), x(b.day), y(b.low), .band) { $0 % 3 == 0 }
                    canvas.line(x(a.day), y(a.high), x(b.day), y(b.high), .band) { $0 % 3 == 0 }
                }
                if segment.count == 1, let only = segment.first {
                    canvas.line(x(only.day), y(only.low), x(only.day), y(only.high), .band) { $0 % 3 == 0 }
                }
            }
        }
        // Each line its own pattern (SPEC §17): the goal in dashes, the plan
        // dash-dotted, the projection dotted, the trend solid.
        if let goal = model.goal, goal.beyond == nil {
            canvas.line(0, y(goal.value), Double(canvas.width - 1), y(goal.value), .goal) { $0 % 4 < 2 }
        }
        if let plan = model.plan {
            canvas.line(x(plan.from.day), y(plan.from.value), x(plan.to.day), y(plan.to.value), .plan) { $0 % 4 != 3 }
        }
        for weighIn in model.weighIns {
            let layer: Layer = !model.metric.colorsSides ? .weighIn : weighIn.isFloater ? .floater : weighIn.isSinker ? .sinker : .weighIn
            canvas.mark(Int(x(weighIn.day).rounded()), Int(y(weighIn.value).rounded()), layer)
        }
        for (a, b) in zip(model.projection, model.projection.dropFirst()) {
            canvas.line(x(a.day), y(a.value), x(b.day), y(b.value), .projection) { $0 % 2 == 0 }
        }
        for segment in model.trendSegments {
            if segment.count == 1, let only = segment.first {
                canvas.set(Int(x(only.day).rounded()), Int(y(only.value).rounded()), .trend)
            }
            for (a, b) in zip(segment, segment.dropFirst()) {
                let estimated = a.isEstimated || b.isEstimated
                // Dimmer where estimated; without colour, the same line (dashes of single dots would read as weigh-ins).
                canvas.line(x(a.day), y(a.value), x(b.day), y(b.value), estimated ? .estimated : .trend)
            }
        }

        // The goal beyond the span: its label at the edge it lies beyond.
        var overlay: [Int: (column: Int, text: String)] = [:]
        if let goal = model.goal, let beyond = goal.beyond {
            let arrow = unicode ? (beyond == .below ? " ↓" : " ↑") : (beyond == .below ? " (below)" : " (above)")
            // A plot too narrow for the whole label keeps the figure and the arrow.
            var text = goal.label + arrow
            if text.count > plotColumns { text = String(goal.label.drop { $0 != " " }.dropFirst()) + arrow }
            if text.count <= plotColumns { overlay[beyond == .below ? rows - 1 : 0] = (plotColumns - text.count, text) }
        }

        // Each value tick on the row its value falls in; never two on one row.
        var tickRows: [Int: String] = [:]
        for tick in model.valueTicks {
            let row = Int(y(tick.value).rounded()) / dotsDown
            if tickRows[row] == nil { tickRows[row] = tick.label }
        }
        let axis = unicode ? (plain: "│", tick: "┤", corner: "└", rule: "─", mark: "┬") : (plain: "|", tick: "+", corner: "+", rule: "-", mark: "+")
        var out = ""
        for row in 0..<rows {
            let label = tickRows[row] ?? ""
            var line = String(repeating: " ", count: labelWidth - label.count) + label + " " + (tickRows[row] == nil ? axis.plain : axis.tick)
            var column = 0
            while column < plotColumns {
                if let over = overlay[row], column == over.column {
                    line += paint(over.text, .goal)
                    column += over.text.count
                    continue
                }
                let cell = row * plotColumns + column
                let glyph: String
                var layer = canvas.layers[cell]
                // A weigh-in's mark unless the trend or the projection passes through its cell.
                if canvas.marks[cell] != .none && layer < .projection {
                    layer = canvas.marks[cell]
                    glyph = unicode ? String(layer.brailleMark!) : String(layer.ascii)
                } else if canvas.bits[cell] == 0 {
                    glyph = " "
                } else if unicode {
                    glyph = String(Character(Unicode.Scalar(0x2800 + UInt32(canvas.bits[cell]))!))
                } else {
                    glyph = String(layer.ascii)
                }
                line += glyph == " " ? glyph : paint(glyph, layer)
                column += 1
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }

        // The day axis: a mark under each calendar tick, its label centred below, never touching the next.
        func column(_ day: CalendarDay) -> Int { Int((x(day) / Double(dotsAcross)).rounded()) }
        let ticks = ChartTicks.days(
            from: model.firstDay, through: model.lastDay, position: { Double(column($0)) }, width: { Double($0.count) }, gap: 2)
        var rule = Array(repeating: axis.rule, count: plotColumns)
        var labelLine = Array(repeating: " ", count: plotColumns + labelWidth + 2)
        var lastEnd = -1
        for tick in ticks {
            let at = min(plotColumns - 1, max(0, column(tick.day)))
            rule[at] = axis.mark
            let start = min(plotColumns + labelWidth + 2 - tick.label.count, max(0, labelWidth + 2 + at - tick.label.count / 2))
            guard start > lastEnd else { continue }
            for (offset, character) in tick.label.enumerated() { labelLine[start + offset] = String(character) }
            lastEnd = start + tick.label.count
        }
        out += String(repeating: " ", count: labelWidth + 1) + axis.corner + rule.joined() + "\n"
        // Marked days (SPEC §21): a strip under the rule, each name in its colour and its own glyph.
        if !model.marks.isEmpty {
            var strip = Array(repeating: " ", count: plotColumns)
            for run in model.marks {
                let glyph = paint(markGlyph(model.markColour(run.name)), markLayer(model.markColour(run.name)))
                for at in max(0, column(run.first))...min(plotColumns - 1, max(0, column(run.last))) where strip[at] == " " { strip[at] = glyph }
            }
            var line = String(repeating: " ", count: labelWidth + 2) + strip.joined()
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        var dayLabels = labelLine.joined()
        while dayLabels.hasSuffix(" ") { dayLabels.removeLast() }
        out += dayLabels + "\n"
        out += legend(labelWidth: labelWidth, width: labelWidth + 2 + plotColumns) + "\n"
        return out
    }

    /// What is drawn, each with a sample in its colour, under the plot;
    /// wrapped between entries to `width`, never inside one (SPEC §17).
    func legend(labelWidth: Int, width: Int) -> String {
        var parts: [(painted: String, columns: Int)] = []
        // Without colour an estimated stretch is the trend's own line: no entry of its own.
        var items = model.legend
        if !color { items.removeAll { $0 == .estimated } }
        for item in items {
            let sample: String
            let layer: Layer
            switch item {
            case .floaters: (sample, layer) = (unicode ? "⠟" : "+", .floater)
            case .sinkers: (sample, layer) = (unicode ? "⣴" : "o", .sinker)
            case .weighIns: (sample, layer) = (unicode ? "⠶" : ".", .weighIn)
            case .trend: (sample, layer) = (unicode ? "⠒⠒⠒" : "***", .trend)
            case .estimated: (sample, layer) = (unicode ? "⠒⠒⠒" : "***", .estimated)
            case .goal: (sample, layer) = (unicode ? "⠒ ⠒" : "= =", .goal)
            case .plan: (sample, layer) = (unicode ? "⠒⠂⠒" : "///", .plan)
            case .projection: (sample, layer) = (unicode ? "⠂⠂⠂" : ":::", .projection)
            case .band: (sample, layer) = (unicode ? "⠉⠉⠉" : "~~~", .band)
            }
            var name = ChartPicture.legendName(item, metric: model.metric, band: model.band)
            if item == .goal, let goal = model.goal { name = goal.label }
            parts.append((painted: paint(sample, layer) + " " + name, columns: sample.count + 1 + name.count))
        }
        for name in model.markNames {
            let colour = model.markColour(name)
            let sample = String(repeating: markGlyph(colour), count: 3)
            parts.append((painted: paint(sample, markLayer(colour)) + " " + name.text, columns: 4 + name.text.count))
        }
        // Under the plot while that leaves room for the widest entry, else from the left edge.
        let widest = parts.map(\.columns).max() ?? 0
        let indent = labelWidth + 2 + widest <= width ? labelWidth + 2 : 0
        var lines: [String] = []
        var line = ""
        var used = 0
        for part in parts {
            if used > 0 && indent + used + 3 + part.columns > width {
                lines.append(line)
                line = ""
                used = 0
            }
            line += (used > 0 ? "   " : "") + part.painted
            used += (used > 0 ? 3 : 0) + part.columns
        }
        lines.append(line)
        let pad = String(repeating: " ", count: indent)
        return lines.map { pad + $0 }.joined(separator: "\n")
    }

    /// A marked day's glyph in the strip: each colour its own shape, so
    /// names are told apart without colour too.
    func markGlyph(_ colour: Int) -> String {
        unicode ? ["▀", "▚", "▒", "░"][colour % 4] : ["#", "%", "&", "@"][colour % 4]
    }

    /// The layer whose colour a mark's colour borrows on a terminal.
    func markLayer(_ colour: Int) -> Layer { [.floater, .plan, .sinker, .goal][colour % 4] }

    func paint(_ text: String, _ layer: Layer) -> String {
        guard color, let sgr = layer.sgr else { return text }
        return "\u{1B}[\(sgr)m" + text + "\u{1B}[0m"
    }
}
