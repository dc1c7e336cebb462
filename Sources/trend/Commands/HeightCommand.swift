import TrendCore

struct HeightCommand: TrendCommand {
    static let heightArgument = Argument<String>("HEIGHT", help: "180cm, 1.80m, 5ft 11in, 5'11\" or 71in.", isOptional: true)
    static let clearFlag = Flag("clear", help: "Forget the height.")
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let readsWeights = false

    static let names = ["height"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show, set or clear your height, for BMI.",
        discussion: "With a height the progress report shows the BMI of the trend, its WHO class and the healthy weight range at that height.",
        arguments: [heightArgument.spec], options: [clearFlag, formatOption], examples: ["trend height 180cm", "trend height \"5'11\\\"\"", "trend height --clear"])

    let height: String?
    let clear: Bool
    let format: TextOrJSON

    init(_ values: ParsedValues) throws(UsageError) {
        height = values[Self.heightArgument]
        clear = values[Self.clearFlag]
        format = values[Self.formatOption] ?? .text
        if height != nil && clear { throw UsageError(message: "give a height or --clear, not both", commandName: "height") }
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let settings = context.app.settingsFeature
        if clear {
            try await settings.setHeight(centimetres: nil)
            context.console.message("Height cleared.\n")
        } else if let height {
            let centimetres = try HeightInput.centimetres(parsing: height)
            try await settings.setHeight(centimetres: centimetres)
            context.console.message("Height set to \(Self.text(centimetres)).\n")
        } else {
            try await context.loadSettings()
        }
        if format == .json {
            context.console.out(JSONOutput.object([("centimetres", .optional(settings.heightCentimetres.map { ($0 * 10).rounded() / 10 }))]).rendered())
        } else if height == nil && !clear {
            if let centimetres = settings.heightCentimetres {
                context.console.out(Self.text(centimetres) + "\n")
            } else {
                context.console.message("No height set. Set one with 'trend height 180cm' for BMI.\n")
            }
        }
    }

    /// `180 cm (5 ft 10.9 in)`.
    static func text(_ centimetres: Double) -> String {
        let inches = centimetres / HeightInput.centimetresPerInch
        let feet = Int(inches / 12)
        return "\(Decimal1.text(centimetres)) cm (\(feet) ft \(Decimal1.text(inches - Double(feet) * 12)) in)"
    }
}
