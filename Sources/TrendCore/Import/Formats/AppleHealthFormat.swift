/// Apple Health's `export.xml`, or the `export.zip` the Health app shares
/// (read directly: `apple_health_export/export.xml` inflated chunk by
/// chunk into the scanner, nothing written anywhere). Units per record.
enum AppleHealthFormat: ImportFileFormat {
    static let readsBodyColumns = false
    static let format = ImportFormat(name: "apple-health", displayName: "Apple Health")

    static func recognizes(_ head: ImportHead) -> Bool {
        if head.bytes.starts(with: ZipArchive.signature) { return true }
        let text = head.text
        guard text.hasPrefix("<") else { return false }
        return text.contains("<HealthData") || text.contains("HKQuantityTypeIdentifier") || text.contains("<!DOCTYPE HealthData")
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        if source.head.bytes.starts(with: ZipArchive.signature) { return try readZip(source, cells: cells) }
        var scanner = AppleHealthScanner(cells: cells)
        // A regular file is mapped and scanned in place: nothing is copied.
        let mapped: Void? = try source.withMapping { bytes, release throws(ImportError) in
            scanner.consume(bytes, release: release)
        }
        if mapped == nil { try source.chunks { scanner.consume($0) } }
        return try finished(&scanner, path: source.path, missing: "no <HealthData> element")
    }

    static func parse(_ bytes: [UInt8], cells: ImportCells, path: String) throws(ImportError) -> ParsedImport {
        var scanner = AppleHealthScanner(cells: cells)
        scanner.consume(bytes[...])
        return try finished(&scanner, path: path, missing: "no <HealthData> element")
    }

    private static func finished(_ scanner: inout AppleHealthScanner, path: String, missing: String) throws(ImportError) -> ParsedImport {
        scanner.finish()
        scanner.joinBodyFat()
        guard scanner.sawHealthData else { throw .wrongFormat(path: path, format: format, reason: missing) }
        var parsed = ParsedImport(format: format, rows: scanner.rows, otherRecordCount: scanner.otherRecords, loneBodyFatReadings: scanner.loneFatReadings.count)
        parsed.namedUnit = .eachRow
        parsed.body = scanner.body
        return parsed
    }

    private static func readZip(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        var scanner = AppleHealthScanner(cells: cells)
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) {
            let archive = ZipArchive(bytes: bytes)
            do {
                let members = try archive.members()
                let candidates = members.filter { $0.name == "export.xml" || $0.name.hasSuffix("/export.xml") }
                // Two exports in one zip: which one is meant is a question (unzip would take the last, silently).
                if candidates.count > 1 {
                    let names = candidates.prefix(5).map { "'\($0.name)'" }.joined(separator: " and ")
                    throw ImportError.wrongFormat(
                        path: source.path, format: format, reason: "the zip holds \(candidates.count) exports, \(names): unzip the one you mean and import its export.xml")
                }
                guard let xml = candidates.first else {
                    let names = members.prefix(10).map(\.name).joined(separator: ", ") + (members.count > 10 ? ", …" : "")
                    throw ImportError.wrongFormat(
                        path: source.path, format: format, reason: "the zip holds no export.xml; it holds \(members.isEmpty ? "nothing" : names)")
                }
                // The entry's size is the whole the progress is of (SPEC §6): bounded, since the directory may say anything.
                let total = Int(clamping: xml.uncompressedSize)
                var inflated = 0
                try archive.read(xml) { chunk in
                    scanner.consume(chunk)
                    inflated += chunk.count
                    if total > 0 { source.report(min(inflated, total), of: total) }
                }
            } catch let failure as ZipArchive.Failure {
                guard case .damaged(let reason) = failure else { return }
                throw .wrongFormat(path: source.path, format: format, reason: reason)
            } catch let error as ImportError {
                throw error
            } catch {
                throw .unreadable(path: source.path, reason: "\(error)")
            }
        }
        let mapped: Void? = try source.withMapping { bytes, _ throws(ImportError) in try scan(bytes) }
        if mapped == nil {
            // Standard input, or a file that cannot be mapped: the archive needs its end, so read it all.
            let bytes = try source.allBytes()
            try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try scan(buffer) }
        }
        return try finished(&scanner, path: source.path, missing: "its export.xml has no <HealthData> element")
    }
}
