/// The `settings.json` format: `{"method": "libra", "unit": "kg", "version": 2}`.
enum SettingsDocument {
    static func encode(_ settings: Settings) -> [UInt8] {
        var text = "{\n"
        if let height = settings.heightCentimetres { text += "  \"heightCentimetres\": \(JSONText.number(height)),\n" }
        if let method = settings.method { text += "  \"method\": \(JSONText.quoted(method.rawValue)),\n" }
        text += "  \"unit\": \(JSONText.quoted(settings.unit.rawValue)),\n  \"version\": \(settings.versionNeeded)\n}\n"
        return Array(text.utf8)
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
        var method: TrendMethod?
        var height: Double?
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
            case "version":
                version = try s.readVersion()
            default:
                guard allowUnknownKeys else { throw s.fail("unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        try scanner.expectEnd()
        guard let version else { throw scanner.fail("the \"version\" field is missing", at: 0) }
        return Settings(unit: unit ?? .kilograms, method: method, heightCentimetres: height, version: version)
    }
}
