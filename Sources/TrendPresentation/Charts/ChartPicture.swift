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
        case circle(x: Double, y: Double, radius: Double, element: ChartElement)
        case text(x: Double, y: Double, String, anchor: Anchor, element: ChartElement)
    }

    /// How wide a label is: the SVG's sans-serif and the PNG's bitmap font differ.
    struct TextMetrics {
        let characterWidth: Double
        let titleCharacterWidth: Double

        func width(_ text: String, title: Bool = false) -> Double {
            Double(text.count) * (title ? titleCharacterWidth : characterWidth)
        }

        /// A text shape's width as it is drawn: a title in the title's size unless compact.
        func width(_ text: String, element: ChartElement) -> Double {
            width(text, title: element == .title)
        }

        /// 12 px sans-serif, as the SVG's style sets it.
        static let svg = TextMetrics(characterWidth: 7, titleCharacterWidth: 8.6)
    }

    let width: Double
    let height: Double
    let shapes: [Shape]
    /// For a test: where the plot is.
    let plot: (x: Double, y: Double, width: Double, height: Double)

    static let emptyMessage = "No weigh-ins in this period"

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

    init(model: ChartModel?, width: Int, height: Int, metrics: TextMetrics) {
        self.width = Double(width)
        self.height = Double(height)
        var shapes: [Shape] = [.rect(x: 0, y: 0, width: Double(width), height: Double(height), element: .background)]
        guard let model else {
            let left = 72.0
            plot = (left, 44, Double(width) - left - 20, Double(height) - 84)
            shapes.append(.text(x: Double(width) / 2, y: Double(height) / 2, Self.emptyMessage, anchor: .middle, element: .message))
            self.shapes = shapes
            return
        }
        let labelWidth = model.valueTicks.map { metrics.width($0.label) }.max() ?? 40
        let left = max(48, labelWidth + 16)
        // The legend's rows: items left to right, a new row where the next
        // would cross the right edge (a narrow picture, the PNG's wider font).
        var legendRows: [[(item: ChartModel.LegendItem, x: Double)]] = [[]]
        var nextX = left
        for item in model.legend {
            let itemWidth = 24 + metrics.width(Self.legendName(item, metric: model.metric, band: model.band))
            if nextX + itemWidth > Double(width) - 8 && !legendRows[legendRows.count - 1].isEmpty {
                legendRows.append([])
                nextX = left
            }
            legendRows[legendRows.count - 1].append((item, nextX))
            nextX += itemWidth + 18
        }
        let legendHeight = 26.0 + 18 * Double(legendRows.count - 1)
        plot = (left, 44, Double(width) - left - 20, Double(height) - 44 - 30 - legendHeight)
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
        let titleWidth = metrics.width(model.title, title: true)
        if plot.x + titleWidth <= Double(width) - 8 {
            shapes.append(.text(x: plot.x, y: 24, model.title, anchor: .start, element: .title))
        } else if titleWidth <= Double(width) - 16 {
            shapes.append(.text(x: 8, y: 24, model.title, anchor: .start, element: .title))
        } else {
            // Cut to fit, as a last resort (a 200-pixel PNG).
            var title = model.title
            while title.count > 4 && metrics.width(title) > Double(width) - 16 { title = String(title.dropLast(4)) + "..." }
            shapes.append(.text(x: 8, y: 24, title, anchor: .start, element: .compactTitle))
        }
        // Value ticks: a grid line and a label each.
        for tick in model.valueTicks {
            shapes.append(.line(x1: plot.x, y1: y(tick.value), x2: plot.x + plot.width, y2: y(tick.value), element: .grid))
            shapes.append(.text(x: plot.x - 8, y: y(tick.value) + 4, tick.label, anchor: .end, element: .tickLabel))
        }
        // Day ticks at calendar boundaries, labels that never touch, kept inside the picture.
        let dayTicks = ChartTicks.days(
            from: model.firstDay, through: model.lastDay, position: { x($0) }, width: { metrics.width($0) }, gap: 14)
        let axisY = plot.y + plot.height
        for tick in dayTicks {
            let center = x(tick.day)
            shapes.append(.line(x1: center, y1: axisY, x2: center, y2: axisY + 5, element: .tickMark))
            let half = metrics.width(tick.label) / 2
            let labelX = min(Double(width) - 2 - half, max(half + 2, center))
            shapes.append(.text(x: labelX, y: axisY + 20, tick.label, anchor: .middle, element: .tickLabel))
        }
        shapes.append(.line(x1: plot.x, y1: axisY, x2: plot.x + plot.width, y2: axisY, element: .axis))

        // The goal: a labelled line inside the span, or a label at the edge it lies beyond.
        if let goal = model.goal {
            if let beyond = goal.beyond {
                let edge = beyond == .below ? axisY - 8 : plot.y + 14
                shapes.append(.text(x: plot.x + plot.width - 4, y: edge, goal.label + (beyond == .below ? " ↓" : " ↑"), anchor: .end, element: .goalLabel))
            } else {
                shapes.append(.line(x1: plot.x, y1: y(goal.value), x2: plot.x + plot.width, y2: y(goal.value), element: .goal))
                shapes.append(.text(x: plot.x + plot.width - 4, y: y(goal.value) - 6, goal.label, anchor: .end, element: .goalLabel))
            }
        }
        if let plan = model.plan {
            shapes.append(.line(x1: x(plan.from.day), y1: y(plan.from.value), x2: x(plan.to.day), y2: y(plan.to.value), element: .plan))
        }
        // The expenditure's interval over its window, under everything else drawn.
        if let band = model.band {
            let left = x(band.from)
            shapes.append(.rect(x: left, y: y(band.high), width: max(2, x(band.to) - left), height: max(1, y(band.low) - y(band.high)), element: .band))
        }
        // Floaters and sinkers: from each weigh-in to its day's trend.
        if model.showsFloaters && model.metric.colorsSides {
            for weighIn in model.weighIns where weighIn.isFloater || weighIn.isSinker {
                let wx = x(weighIn.day)
                shapes.append(.line(x1: wx, y1: y(weighIn.value), x2: wx, y2: y(weighIn.trend), element: weighIn.isFloater ? .floater : .sinker))
            }
        }
        // Smaller dots when there are many, so the trend stays the thing you see.
        let radius = model.weighIns.count > 400 ? 1.4 : model.weighIns.count > 150 ? 2 : 3
        for weighIn in model.weighIns {
            let side: ChartElement.Side = !model.metric.colorsSides ? .on : weighIn.isFloater ? .above : weighIn.isSinker ? .below : .on
            shapes.append(.circle(x: x(weighIn.day), y: y(weighIn.value), radius: radius, element: .weighIn(side)))
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

        // The legend: what is drawn, each with a sample of how.
        for (row, items) in legendRows.enumerated() {
            let legendY = Double(height) - 14 - 18 * Double(legendRows.count - 1 - row)
            for (item, legendX) in items {
                let name = Self.legendName(item, metric: model.metric, band: model.band)
                switch item {
                case .weighIns, .floaters, .sinkers:
                    let side: ChartElement.Side = item == .floaters ? .above : item == .sinkers ? .below : .on
                    if item != .weighIns && model.showsFloaters {
                        shapes.append(.line(x1: legendX + 9, y1: legendY - 11, x2: legendX + 9, y2: legendY + 3, element: .legend(item == .floaters ? .floater : .sinker)))
                    }
                    shapes.append(.circle(x: legendX + 9, y: legendY - 4, radius: 3, element: .legend(.weighIn(side))))
                case .trend, .estimated, .goal, .plan, .projection:
                    let drawn: ChartElement = switch item {
                    case .estimated: .estimatedTrend
                    case .goal: .goal
                    case .plan: .plan
                    case .projection: .projection
                    default: .trend
                    }
                    shapes.append(.line(x1: legendX, y1: legendY - 4, x2: legendX + 18, y2: legendY - 4, element: .legend(drawn)))
                case .band:
                    shapes.append(.rect(x: legendX, y: legendY - 9, width: 18, height: 10, element: .legend(.band)))
                }
                shapes.append(.text(x: legendX + 24, y: legendY, name, anchor: .start, element: .legendLabel))
            }
        }
        self.shapes = shapes
    }
}
