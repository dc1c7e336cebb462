/// The `settings.json` format: `{"method": "libra", "unit": "kg", "version": 2}`.
enum SettingsDocument {
    static func encode(_ settings: Settings) -> [UInt8] {
        Array(("{\n" + members(settings, indent: "  ") + ",\n  \"version\": \(settings.versionNeeded)\n}\n").utf8)
    }

    /// The members without the version, keys sorted, one a line: also what
    /// a JSON export's `settings` object holds.
    static func members(_ settings: Settings, indent: String) -> String {
        var lines: [String] = []
        if let height = settings.heightCentimetres { lines.append("\"heightCentimetres\": \(JSONText.number(height))") }
        if let method = settings.method { lines.append("\"method\": \(JSONText.quoted(method.rawValue))") }
        if let sex = settings.sex { lines.append("\"sex\": \(JSONText.quoted(sex.rawValue))") }
        lines.append("\"unit\": \(JSONText.quoted(settings.unit.rawValue))")
        return lines.map { indent + $0 }.joined(separator: ",\n")
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
        var members = Members()
        var version: Int?
        try scanner.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
            if try members.read(key, &s) { return }
            switch key {
            case "version":
                version = try s.readVersion()
            default:
                guard allowUnknownKeys else { throw s.fail("unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        try scanner.expectEnd()
        guard let version else { throw scanner.fail("the \"version\" field is missing", at: 0) }
        var settings = members.settings
        settings.version = version
        return settings
    }

    /// The settings' members, wherever they are read: the file, or an
    /// export's `settings` object (which has no version of its own).
    struct Members {
        var unit: WeightUnit?
        var method: TrendMethod?
        var height: Double?
        var sex: Sex?

        var settings: Settings { Settings(unit: unit ?? .kilograms, method: method, heightCentimetres: height, sex: sex) }

        /// Reads `key` when it is a setting; false otherwise.
        mutating func read(_ key: String, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> Bool {
            let offset = s.offset
            switch key {
            case "unit":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\"unit\" must be a string, not \(s.kindOfNextValue())") }
                let text = try s.readString()
                guard let value = WeightUnit(rawValue: text) else {
                    throw s.fail("\"unit\" must be \"kg\", \"lb\" or \"st\", not \"\(text)\"", at: offset)
                }
                unit = value
            case "method":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\"method\" must be a string, not \(s.kindOfNextValue())") }
                let text = try s.readString()
                guard let value = TrendMethod(rawValue: text) else {
                    throw s.fail("\"method\" must be one of \(TrendMethod.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"", at: offset)
                }
                method = value == .default ? nil : value
            case "heightCentimetres":
                guard let next = s.peek(), (48...57).contains(next) || next == UInt8(ascii: "-") else {
                    throw s.fail("\"heightCentimetres\" must be a number, not \(s.kindOfNextValue())")
                }
                let value = try s.readNumber()
                guard HeightInput.validCentimetres.contains(value) else { throw s.fail("\"heightCentimetres\" must be 50 to 272", at: offset) }
                height = value
            case "sex":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\"sex\" must be a string, not \(s.kindOfNextValue())") }
                let text = try s.readString()
                guard let value = Sex(rawValue: text) else { throw s.fail("\"sex\" must be \"female\" or \"male\", not \"\(text)\"", at: offset) }
                sex = value
            default:
                return false
            }
            return true
        }
    }
}
