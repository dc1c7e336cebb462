import Observation
import TrendCore

/// The height screen (SPEC §12): for BMI.
@MainActor
@Observable
public final class HeightViewModel {
    private let app: AppModel

    public enum Action: Equatable, Sendable {
        case show
        case set(String)
        case clear
    }

    public var action = Action.show

    public init(app: AppModel) {
        self.app = app
    }

    public var centimetres: Double? { app.settingsFeature.heightCentimetres }

    public func run() async throws {
        switch action {
        case .clear: try await app.settingsFeature.setHeight(centimetres: nil)
        case .set(let text): try await app.settingsFeature.setHeight(centimetres: try HeightInput.centimetres(parsing: text))
        case .show: try await app.loadSettings()
        }
    }

    /// What the change did, on the message stream; showing nothing set is
    /// said there only beside text (a script reading the JSON gets null).
    public func message(showingJSON: Bool) -> String? {
        switch action {
        case .clear: "Height cleared."
        case .set: centimetres.map { "Height set to \(Self.text($0))." }
        case .show: centimetres == nil && !showingJSON ? "No height set. Set one with 'trend height 180cm' for BMI." : nil
        }
    }

    public var document: HeightDocument { HeightDocument(centimetres: centimetres) }
    var text: String { action == .show ? centimetres.map { Self.text($0) + "\n" } ?? "" : "" }

    /// `180.0 cm (5 ft 10.9 in)`.
    static func text(_ centimetres: Double) -> String {
        let (feet, inches) = HeightInput.feetAndInches(centimetres: centimetres)
        return "\(Decimal1.text(centimetres)) cm (\(feet) ft \(Decimal1.text(inches)) in)"
    }
}
