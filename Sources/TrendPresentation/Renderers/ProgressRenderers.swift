import TrendCore

/// The report as text (SPEC §5), the terminal chart below it when asked.
struct ProgressTextRenderer: Renderer {
    func render(_ model: ProgressViewModel, to output: any OutputWriter) throws {
        guard !model.report.hasNoHistory else { return output.write(Messages.noWeighInsYet + "\n") }
        var text = model.text
        if let chart = model.terminalChart, let picture = model.chartModel(valueTickCount: chart.valueTickCount) {
            text += "\n" + chart.rendered(picture, display: model.display)
        }
        output.write(text)
    }
}

/// The chart as an SVG image (SPEC §8).
struct ProgressSVGRenderer: Renderer {
    func render(_ model: ProgressViewModel, to output: any OutputWriter) throws {
        output.write(SVGChart(model: model.pictureChart, width: model.picture.width, height: model.picture.height).rendered())
    }
}

/// A self-contained HTML page: headline figures, the chart, the report (SPEC §8).
struct ProgressPageRenderer: Renderer {
    func render(_ model: ProgressViewModel, to output: any OutputWriter) throws {
        func variants(_ metric: ChartModel.Metric?, height: Int) -> [(chart: SVGChart, fromPageWidth: Int)] {
            ProgressPage.chartLayouts(width: model.picture.width, height: height).map { layout in
                let chart = model.chartModel(valueTickCount: max(3, layout.height / 70), metric: metric)
                return (SVGChart(model: chart, width: layout.width, height: layout.height), layout.fromPageWidth)
            }
        }
        // Each other series small below the main chart, laid out for the same widths.
        let others = model.otherSeries.map { ProgressPage.Chart.svg(variants($0, height: ProgressPage.seriesChartHeight)) }
        output.write(ProgressPage.rendered(model.report, unit: model.unit, chart: .svg(variants(nil, height: model.picture.height)), others: others))
    }
}

/// The chart rasterised (SPEC §8, §17).
struct ProgressPNGRenderer: Renderer {
    func render(_ model: ProgressViewModel, to output: any OutputWriter) throws {
        output.write(try PNGChart(model: model.pictureChart, width: model.picture.width, height: model.picture.height, scale: model.picture.scale).rendered())
    }
}

/// A complete mail: the text report, the page, the chart as an inline PNG (SPEC §8).
struct ProgressMailRenderer: Renderer {
    func render(_ model: ProgressViewModel, to output: any OutputWriter) throws {
        // Laid out for a phone's column, with three pixels a point: labels of
        // 12 px on a phone, larger in a mail program's 600 px column (SPEC §17).
        let picture = PictureSize(fixedWidth: ProgressPage.mailWidth, height: ProgressPage.mailHeight, scale: ProgressPage.mailScale)
        let chart = model.chartModel(valueTickCount: max(3, picture.height / 70))
        let png = try PNGChart(model: chart, width: picture.width, height: picture.height, scale: picture.scale).rendered()
        let contentID = MailMessage.contentID(png: png)
        let description = chart?.title ?? ChartPicture.emptyMessage
        // Each other series as its own smaller picture, for the same column.
        let small = PictureSize(fixedWidth: ProgressPage.mailWidth, height: ProgressPage.mailSeriesHeight, scale: ProgressPage.mailScale)
        var images: [(png: [UInt8], contentID: String, name: String)] = []
        var others: [ProgressPage.Chart] = []
        for metric in model.otherSeries {
            let seriesChart = model.chartModel(valueTickCount: max(3, small.height / 70), metric: metric)
            let seriesPNG = try PNGChart(model: seriesChart, width: small.width, height: small.height, scale: small.scale).rendered()
            images.append((seriesPNG, MailMessage.contentID(png: seriesPNG), metric.name + ".png"))
            others.append(.mailImage(contentID: images.last!.contentID, width: small.width, height: small.height, description: seriesChart?.title ?? metric.name))
        }
        let html = ProgressPage.rendered(
            model.report, unit: model.unit, chart: .mailImage(contentID: contentID, width: picture.width, height: picture.height, description: description),
            others: others)
        let text = model.report.hasNoHistory ? Messages.noWeighInsYet + "\n" : ProgressText.text(model.report, unit: model.unit)
        var mail = MailMessage(
            to: model.mailRecipients, subject: model.mailSubject ?? model.defaultSubject, date: model.now, text: text, html: html, png: png,
            contentID: contentID)
        mail.moreImages = images
        output.write(try mail.rendered())
    }
}
/// The outputs of the progress screen.
public enum ProgressFormat: String, OutputFormat {
    case text, json, svg, html, png, email

    public var renderer: any Renderer<ProgressViewModel> {
        switch self {
        case .text: ProgressTextRenderer()
        case .json: JSONRenderer<ProgressViewModel> { $0.document }
        case .svg: ProgressSVGRenderer()
        case .html: ProgressPageRenderer()
        case .png: ProgressPNGRenderer()
        case .email: ProgressMailRenderer()
        }
    }

    public var isBinary: Bool { self == .png }
}
