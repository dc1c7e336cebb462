import Testing
import TrendCore
@testable import trend

@Suite("Terminal chart")
struct TextChartTests {
    func chart(unicode: Bool, goal: Double? = nil) -> TextChart {
        let first = CalendarDay(year: 2026, month: 1, day: 1)!
        let weights: [Double] = [80, 81, 79, 80.5, 78.5, 79, 78]
        var trend = weights[0]
        var points: [TextChart.Point] = []
        for (i, weight) in weights.enumerated() {
            if i > 0 { trend += 0.1 * (weight - trend) }
            points.append(TextChart.Point(dayNumber: first.dayNumber + i * 3, kilograms: weight, trendKilograms: trend))
        }
        return TextChart(
            points: points, firstDay: first, lastDay: first.adding(days: 18), goalKilograms: goal,
            label: { WeightUnit.kilograms.format(kilograms: $0) }, width: 40, height: 7, unicode: unicode)
    }

    // The trend is drawn over the dots (SPEC §5), so the first weigh-in, on the trend, shows as line.
    @Test("draws dots, the trend line over them, and the axes at a fixed width")
    func unicodePicture() {
        #expect(
            chart(unicode: true, goal: 79.5).rendered() == """
                81.0 kg ┤     •
                        │               •
                        │───────────────────────────
                79.5 kg ┤┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄────
                        │          •              •
                        │                    •
                78.0 kg ┤                              •
                        └───────────────────────────────
                        2026-01-01            2026-01-19

                """)
    }

    @Test("the trend through estimated days is drawn lighter, and they have no dot")
    func estimatedDays() {
        let first = CalendarDay(year: 2026, month: 1, day: 1)!
        let points = [
            TextChart.Point(dayNumber: first.dayNumber, kilograms: 80, trendKilograms: 80),
            TextChart.Point(dayNumber: first.dayNumber + 1, kilograms: 79.5, trendKilograms: 79.95, isEstimated: true),
            TextChart.Point(dayNumber: first.dayNumber + 2, kilograms: 79, trendKilograms: 79.85),
            TextChart.Point(dayNumber: first.dayNumber + 3, kilograms: 79, trendKilograms: 79.77),
        ]
        let text = TextChart(
            points: points, firstDay: first, lastDay: first.adding(days: 3), goalKilograms: nil,
            label: { WeightUnit.kilograms.format(kilograms: $0) }, width: 40, height: 7, unicode: true
        ).rendered()
        #expect(text.contains("╌"))
        #expect(text.filter { $0 == "•" }.count <= 3)
        #expect(text.contains("─"))
    }

    @Test("leaves out a goal outside the plotted span")
    func goalOutside() {
        #expect(!chart(unicode: true, goal: 70).rendered().contains("┄"))
    }

    @Test("falls back to plain ASCII when the locale is not UTF-8")
    func asciiPicture() {
        let text = chart(unicode: false).rendered()
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains("o"))
        #expect(text.contains("+-----"))
    }
}
