import Observation
import TrendCore

/// The unit and method screens: show or set a setting.
@MainActor
@Observable
public final class PreferenceViewModel {
    private let app: AppModel

    public init(app: AppModel) {
        self.app = app
    }

    /// Sets the unit and says so.
    public func setUnit(_ unit: WeightUnit) async throws -> String {
        try await app.settingsFeature.setUnit(unit)
        return "Unit set to \(unit.rawValue) (\(unit.name))."
    }

    /// The saved unit.
    public func savedUnit() async throws -> String {
        try await app.loadSettings()
        return app.settingsFeature.savedUnit.rawValue
    }

    public func setMethod(_ method: TrendMethod) async throws -> String {
        try await app.settingsFeature.setMethod(method)
        return "Trend method set to \(method.rawValue) (\(method.displayName))."
    }

    public func savedMethod() async throws -> String {
        try await app.loadSettings()
        return app.settingsFeature.savedMethod.rawValue
    }
}

extension PreferenceViewModel {
    /// Sets the sex (nil clears it) and says so.
    public func setSex(_ sex: Sex?) async throws -> String {
        try await app.settingsFeature.setSex(sex)
        return sex.map { "Sex set to \($0.rawValue): used for the Navy body-fat estimate and the waist-to-hip flag only." } ?? "Sex cleared."
    }

    /// The saved sex, or nil.
    public func savedSex() async throws -> Sex? {
        try await app.loadSettings()
        return app.settingsFeature.sex
    }
}
