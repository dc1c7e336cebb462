import TrendCore

/// A chart laid out on a pixel canvas: the chart model (TrendCore) placed
/// in a width × height box as shapes, each the element it is (SPEC §8). The
/// SVG writes these shapes as elements; the PNG rasteriser paints them, both
/// styled by `ChartStyle`. One layout, so the two pictures are the same.
struct ChartPicture {
    enum Anchor: String { case start, middle, end }

    enum Shape {
        case rect(x: Double, y: Double, width: Double, height: Double, element: ChartElement)
        case line(x1: Double, y1: Double, x2: Double, y2: Double, element: ChartElement)
        /// Points joined by straight lines.
        case path([(Double, Double)], element: ChartElement)
        /// A closed shape, filled.
        case area([(Double, Double)], element: ChartElement)
        case circle(x: Double, y: Double, radius: Double, element: ChartElement)
        case text(x: Double, y: Double, String, anchor: Anchor, element: ChartElement)
    }

    /// The text of one picture (SPEC §17): DejaVu Sans at sizes chosen for
    /// its width (labels 12 px up to 600 px wide, larger beyond), so the
    /// layout measures each label as the PNG draws it and as a browser with
    /// the font draws the SVG.
    struct TextMetrics {
        /// The pixels of one point of `ChartStyle`'s font sizes, which are for
        /// pictures up to 600 px wide.
        let factor: Double

        init(factor: Double) {
            self.factor = factor
        }

        /// Labels grow with the square root of the width past 600 px, to the
        /// half pixel; below 300 px (a thumbnail) they shrink with it, to 9 px.
        init(pictureWidth: Int) {
            let width = Double(pictureWidth)
            let factor = width >= 300 ? max(1, width / 600).squareRoot() : max(0.75, width / 300)
            self.init(factor: (factor * 24).rounded() / 24)
        }

        func style(_ element: ChartElement) -> TextStyle {
            let style = ChartStyle.style(element)
            return TextStyle(size: style.fontSize * factor, bold: style.bold)
        }

        func width(_ text: String, element: ChartElement = .tickLabel) -> Double {
            style(element).width(text)
        }
    }

    /// Where a label is drawn: its box from the top of its tallest letters
    /// to the bottom of its descenders.
    struct LabelBox: Equatable {
        let text: String
        let element: ChartElement
        let x: Double
        let y: Double
        let width: Double
        let height: Double

        func overlaps(_ other: LabelBox) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }

        func contains(x px: Double, y py: Double, margin: Double) -> Bool {
            px >= x - margin && px <= x + width + margin && py >= y - margin && py <= y + height + margin
        }
    }

    let width: Double
    let height: Double
    let shapes: [Shape]
    /// Every label's box, for layout checks.
    let labelBoxes: [LabelBox]
    let metrics: TextMetrics
    /// For a test: where the plot is.
    let plot: (x: Double, y: Double, width: Double, height: Double)

    static let emptyMessage = "No weigh-ins in this period"

    /// What a legend names: one of the model's items, or a name of marked days.
    enum LegendEntry {
        case item(ChartModel.LegendItem)
        case mark(MarkName)
    }

    static func legendName(_ entry: LegendEntry, model: ChartModel) -> String {
        switch entry {
        case .item(let item): legendName(item, metric: model.metric, band: model.band)
        case .mark(let name): name.text
        }
    }

    static func legendName(_ item: ChartModel.LegendItem, metric: ChartModel.Metric = .weight, band: ChartModel.Band? = nil) -> String {
        switch item {
        case .weighIns: metric.seriesNames.dots
        case .floaters: "above trend"
        case .sinkers: "below trend"
        case .trend: metric.seriesNames.line
        case .estimated: "estimated"
        case .goal: "goal"
        case .plan: "plan"
        case .projection: "projection"
        case .band: band?.label ?? "range"
        }
    }

    init(model: ChartModel?, width: Int, height: Int, metrics: TextMetrics? = nil) {
        let metrics = metrics ?? TextMetrics(pictureWidth: width)
        self.metrics = metrics
        self.width = Double(width)
        self.height = Double(height)
        let k = metrics.factor
        var shapes: [Shape] = [.rect(x: 0, y: 0, width: Double(width), height: Double(height), element: .background)]
        var labels: [LabelBox] = []
        func text(_ x: Double, _ y: Double, _ string: String, _ anchor: Anchor, _ element: ChartElement) {
            shapes.append(.text(x: x, y: y, string, anchor: anchor, element: element))
            labels.append(Self.box(x: x, baseline: y, string, anchor: anchor, style: metrics.style(element), element: element))
        }
        let top = 44 * k
        guard let model else {
            let left = 72.0
            plot = (left, top, Double(width) - left - 20, Double(height) - top - 40 * k)
            text(Double(width) / 2, Double(height) / 2, Self.emptyMessage, .middle, .message)
            self.shapes = shapes
            labelBoxes = labels
            return
        }
        let labelWidth = model.valueTicks.map { metrics.width($0.label) }.max() ?? 40
        let left = max(48, labelWidth + 16 * k)
        let sample = 18 * k
        let legendGap = 18 * k
        // The legend's rows: items left to right, a new row where the next
        // would cross the right edge; never a mark apart from its name.
        var legendRows: [[(entry: LegendEntry, x: Double)]] = [[]]
        var nextX = left
        let entries = model.legend.map(LegendEntry.item) + model.markNames.map(LegendEntry.mark)
        for item in entries {
            let itemWidth = sample + 6 * k + metrics.width(Self.legendName(item, model: model), element: .legendLabel)
            if nextX + itemWidth > Double(width) - 8 && !legendRows[legendRows.count - 1].isEmpty {
                legendRows.append([])
                // Under the plot while the entry fits there, else from the edge.
                nextX = left + itemWidth <= Double(width) - 8 ? left : 8
            }
            legendRows[legendRows.count - 1].append((item, nextX))
            nextX += itemWidth + legendGap
        }
        let legendRow = 18 * k
        let legendHeight = 26 * k + legendRow * Double(legendRows.count - 1)
        // The plot keeps a third of the height however many rows the legend takes.
        plot = (left, top, Double(width) - left - 20, max(Double(height) / 3, Double(height) - top - 30 * k - legendHeight))
        let plot = self.plot
        let firstDay = Double(model.firstDay.dayNumber)
        let days = Double(max(1, model.lastDay.dayNumber - model.firstDay.dayNumber))
        func x(_ day: Double) -> Double { plot.x + (day - firstDay) / days * plot.width }
        func x(_ day: CalendarDay) -> Double { x(Double(day.dayNumber)) }
        func y(_ value: Double) -> Double {
            let clamped = min(model.high, max(model.low, value))
            return plot.y + (model.high - clamped) / (model.high - model.low) * plot.height
        }

        // The title above the plot; in a narrow picture from the left edge,
        // and in the labels' size when even that is too narrow for it.
        let titleY = 26 * k
        let titleWidth = metrics.width(model.title, element: .title)
        if plot.x + titleWidth <= Double(width) - 8 {
            text(plot.x, titleY, model.title, .start, .title)
        } else if titleWidth <= Double(width) - 16 {
            text(8, titleY, model.title, .start, .title)
        } else {
            // Cut to fit, as a last resort (a 200-pixel PNG).
            var title = model.title
            while title.count > 4 && metrics.width(title, element: .compactTitle) > Double(width) - 16 { title = String(title.dropLast(4)) + "..." }
            text(8, titleY, title, .start, .compactTitle)
        }
        // Value ticks: a grid line and a label each, centred on the line.
        let tickStyle = metrics.style(.tickLabel)
        let middleOfDigits = tickStyle.size * 0.36
        // A label too close to the last one drawn is left out (its grid line stays).
        var lastLabelBottom = -Double.infinity
        for tick in model.valueTicks.reversed() {
            shapes.append(.line(x1: plot.x, y1: y(tick.value), x2: plot.x + plot.width, y2: y(tick.value), element: .grid))
            let baseline = y(tick.value) + middleOfDigits
            guard baseline - tickStyle.ascent >= lastLabelBottom + 2 else { continue }
            text(plot.x - 8 * k, baseline, tick.label, .end, .tickLabel)
            lastLabelBottom = baseline + tickStyle.descent
        }
        // Day ticks at calendar boundaries, labels that never touch, kept inside the picture.
        let dayTicks = ChartTicks.days(
            from: model.firstDay, through: model.lastDay, position: { x($0) }, width: { metrics.width($0) }, gap: 14 * k)
        let axisY = plot.y + plot.height
        for tick in dayTicks {
            let center = x(tick.day)
            shapes.append(.line(x1: center, y1: axisY, x2: center, y2: axisY + 5 * k, element: .tickMark))
            let half = metrics.width(tick.label) / 2
            let labelX = min(Double(width) - 2 - half, max(half + 2, center))
            text(labelX, axisY + 7 * k + tickStyle.ascent, tick.label, .middle, .tickLabel)
        }
        shapes.append(.line(x1: plot.x, y1: axisY, x2: plot.x + plot.width, y2: axisY, element: .axis))

        // The weigh-ins' dots, placed first so the goal's label can keep clear of them.
        let radius = (model.weighIns.count > 400 ? 1.4 : model.weighIns.count > 150 ? 2 : 3) * min(k, 1.5)
        let dots = model.weighIns.map { (x: x($0.day), y: y($0.value)) }

        // The goal: a labelled line inside the span, or a label at the edge it lies beyond.
        var goalLabel: (x: Double, y: Double, text: String, anchor: Anchor)?
        if let goal = model.goal {
            let style = metrics.style(.goalLabel)
            if let beyond = goal.beyond {
                let string = goal.label + (beyond == .below ? " ↓" : " ↑")
                let baseline = beyond == .below ? axisY - 6 * k : plot.y + style.ascent + 4 * k
                goalLabel = Self.clearPlace(
                    for: string, candidates: [(plot.x + plot.width - 4, baseline, .end), (plot.x + 4, baseline, .start)], style: style, dots: dots, radius: radius)
            } else {
                shapes.append(.line(x1: plot.x, y1: y(goal.value), x2: plot.x + plot.width, y2: y(goal.value), element: .goal))
                let above = y(goal.value) - 5 * k
                let below = y(goal.value) + 5 * k + style.ascent
                let right = plot.x + plot.width - 4
                let leftEdge = plot.x + 4
                goalLabel = Self.clearPlace(
                    for: goal.label, candidates: [(right, above, .end), (right, below, .end), (leftEdge, above, .start), (leftEdge, below, .start)],
                    style: style, dots: dots, radius: radius)
            }
        }
        if let plan = model.plan {
            shapes.append(.line(x1: x(plan.from.day), y1: y(plan.from.value), x2: x(plan.to.day), y2: y(plan.to.value), element: .plan))
        }
        // Marked days, as tall as the plot, under everything else drawn: a day is its column from half a day before to half after.
        let halfDay = plot.width / days / 2
        for run in model.marks {
            let left = max(plot.x, x(run.first) - halfDay)
            let right = min(plot.x + plot.width, x(run.last) + halfDay)
            shapes.insert(.rect(x: left, y: plot.y, width: max(1, right - left), height: plot.height, element: .mark(model.markColour(run.name))), at: 1)
        }
        // The expenditure's interval, under everything else drawn: along its highs, back along its lows.
        if let band = model.band {
            for segment in band.segments {
                // A segment of one day is as wide as a day, or two pixels.
                let half = segment.count == 1 ? max(1, halfDay) : 0
                let top = segment.map { (x($0.day), y($0.high)) }
                let bottom = segment.reversed().map { (x($0.day), y($0.low)) }
                var outline = [(top[0].0 - half, top[0].1)] + top + [(top[top.count - 1].0 + half, top[top.count - 1].1)]
                outline += [(bottom[0].0 + half, bottom[0].1)] + bottom + [(bottom[bottom.count - 1].0 - half, bottom[bottom.count - 1].1)]
                shapes.append(.area(outline, element: .band))
            }
        }
        // Floaters and sinkers: from each weigh-in to its day's trend.
        if model.showsFloaters && model.metric.colorsSides {
            for weighIn in model.weighIns where weighIn.isFloater || weighIn.isSinker {
                let wx = x(weighIn.day)
                shapes.append(.line(x1: wx, y1: y(weighIn.value), x2: wx, y2: y(weighIn.trend), element: weighIn.isFloater ? .floater : .sinker))
            }
        }
        // Smaller dots when there are many, so the trend stays the thing you see.
        for (weighIn, dot) in zip(model.weighIns, dots) {
            let side: ChartElement.Side = !model.metric.colorsSides ? .on : weighIn.isFloater ? .above : weighIn.isSinker ? .below : .on
            shapes.append(.circle(x: dot.x, y: dot.y, radius: radius, element: .weighIn(side)))
        }
        // The trend over the dots: solid between measured days, dashed through estimated ones.
        for segment in model.trendSegments {
            if segment.count == 1, let only = segment.first {
                shapes.append(.path([(x(only.day) - 3, y(only.value)), (x(only.day) + 3, y(only.value))], element: .trend))
                continue
            }
            var run: [(Double, Double)] = []
            var runEstimated = false
            for (a, b) in zip(segment, segment.dropFirst()) {
                let estimated = a.isEstimated || b.isEstimated
                if !run.isEmpty && estimated != runEstimated {
                    shapes.append(.path(run, element: runEstimated ? .estimatedTrend : .trend))
                    run = []
                }
                if run.isEmpty { run.append((x(a.day), y(a.value))) }
                run.append((x(b.day), y(b.value)))
                runEstimated = estimated
            }
            if !run.isEmpty { shapes.append(.path(run, element: runEstimated ? .estimatedTrend : .trend)) }
        }
        if model.projection.count > 1 {
            shapes.append(.path(model.projection.map { (x($0.day), y($0.value)) }, element: .projection))
        }
        // The goal's label over what is drawn, on its halo.
        if let goalLabel { text(goalLabel.x, goalLabel.y, goalLabel.text, goalLabel.anchor, .goalLabel) }

        // The legend: what is drawn, each with a sample of how.
        for (row, items) in legendRows.enumerated() {
            let legendY = Double(height) - 14 * k - legendRow * Double(legendRows.count - 1 - row)
            let middle = legendY - 4 * k
            for (entry, legendX) in items {
                let name = Self.legendName(entry, model: model)
                guard case .item(let item) = entry else {
                    if case .mark(let mark) = entry {
                        shapes.append(.rect(x: legendX, y: middle - 6 * k, width: sample, height: 12 * k, element: .legend(.mark(model.markColour(mark)))))
                    }
                    text(legendX + sample + 6 * k, legendY, name, .start, .legendLabel)
                    continue
                }
                switch item {
                case .weighIns, .floaters, .sinkers:
                    let side: ChartElement.Side = item == .floaters ? .above : item == .sinkers ? .below : .on
                    if item != .weighIns && model.showsFloaters {
                        shapes.append(.line(x1: legendX + sample / 2, y1: middle - 7 * k, x2: legendX + sample / 2, y2: middle + 7 * k, element: .legend(item == .floaters ? .floater : .sinker)))
                    }
                    shapes.append(.circle(x: legendX + sample / 2, y: middle, radius: 3 * min(k, 1.5), element: .legend(.weighIn(side))))
                case .trend, .estimated, .goal, .plan, .projection:
                    let drawn: ChartElement = switch item {
                    case .estimated: .estimatedTrend
                    case .goal: .goal
                    case .plan: .plan
                    case .projection: .projection
                    default: .trend
                    }
                    shapes.append(.line(x1: legendX, y1: middle, x2: legendX + sample, y2: middle, element: .legend(drawn)))
                case .band:
                    shapes.append(.rect(x: legendX, y: middle - 5 * k, width: sample, height: 10 * k, element: .legend(.band)))
                }
                text(legendX + sample + 6 * k, legendY, name, .start, .legendLabel)
            }
        }
        self.shapes = shapes
        labelBoxes = labels
    }

    /// A label's box from where it is anchored.
    static func box(x: Double, baseline: Double, _ text: String, anchor: Anchor, style: TextStyle, element: ChartElement) -> LabelBox {
        let width = style.width(text)
        let left = anchor == .start ? x : anchor == .end ? x - width : x - width / 2
        return LabelBox(text: text, element: element, x: left, y: baseline - style.ascent, width: width, height: style.ascent + style.descent)
    }

    /// The first place where the label covers no dot; else where it covers fewest.
    static func clearPlace(
        for text: String, candidates: [(x: Double, y: Double, anchor: Anchor)], style: TextStyle, dots: [(x: Double, y: Double)], radius: Double
    ) -> (x: Double, y: Double, text: String, anchor: Anchor) {
        var best: (place: (x: Double, y: Double, anchor: Anchor), covered: Int)?
        for place in candidates {
            let box = box(x: place.x, baseline: place.y, text, anchor: place.anchor, style: style, element: .goalLabel)
            let covered = dots.filter { box.contains(x: $0.x, y: $0.y, margin: radius + 1) }.count
            if covered == 0 { return (place.x, place.y, text, place.anchor) }
            if best.map({ covered < $0.covered }) ?? true { best = (place, covered) }
        }
        let place = best?.place ?? candidates[0]
        return (place.x, place.y, text, place.anchor)
    }
}
