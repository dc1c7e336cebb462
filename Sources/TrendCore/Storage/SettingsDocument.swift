/// The user's preferences, stored in `settings.json`.
public struct Settings: Equatable, Sendable {
    public static let currentVersion = 1

    public var unit: WeightUnit
    public var version: Int

    public init(unit: WeightUnit = .kilograms, version: Int = Settings.currentVersion) {
        self.unit = unit
        self.version = version
    }
}

/// The `settings.json` format: `{"unit": "kg", "version": 1}`.
enum SettingsDocument {
    static func encode(_ settings: Settings) -> [UInt8] {
        Array("{\n  \"unit\": \(JSONText.quoted(settings.unit.rawValue)),\n  \"version\": \(settings.version)\n}\n".utf8)
    }

    static func decode(_ bytes: [UInt8], path: String) throws(DataFileError) -> Settings {
        let result: Result<Settings, DataFileError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DataFileError) in
                try DocumentVersion.decode(buffer, path: path, supported: Settings.currentVersion) {
                    (scanner: inout JSONScanner, lenient: Bool) throws(JSONScanner.Failure) in
                    try decodeStrict(&scanner, allowUnknownKeys: lenient)
                }
            }
        }
        return try result.get()
    }

    private static func decodeStrict(_ scanner: inout JSONScanner, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> Settings {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.fail(scanner.bytes.isEmpty ? "the file is empty" : "the top level must be an object")
        }
        var unit: WeightUnit?
        var version: Int?
        try scanner.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
            let offset = s.offset
            switch key {
            case "unit":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\"unit\" must be a string, not \(s.kindOfNextValue())") }
                let text = try s.readString()
                guard let value = WeightUnit(rawValue: text) else {
                    throw s.fail("\"unit\" must be \"kg\", \"lb\" or \"st\", not \"\(text)\"", at: offset)
                }
                unit = value
            case "version":
                version = try s.readVersion()
            default:
                guard allowUnknownKeys else { throw s.fail("unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        try scanner.expectEnd()
        guard let version else { throw scanner.fail("the \"version\" field is missing", at: 0) }
        return Settings(unit: unit ?? .kilograms, version: version)
    }
}
