#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The harnesses, by the name `Fuzz/run` gives them: all of them are built
/// into one binary (one compile of TrendCore, not one per harness), and
/// `TREND_FUZZ` names the one a run exercises.
let harnesses: [String: ([UInt8]) -> Void] = [
    "weights-reader": fuzzWeightsReader, "settings-reader": fuzzSettingsReader, "csv-reader": fuzzCSVReader,
    "csv-import": fuzzCSVImport, "content-table": fuzzContentTable, "apple-health-scanner": fuzzAppleHealthScanner,
    "zip-reader": fuzzZipReader, "merge-reader": fuzzMergeReader, "journal-reader": fuzzJournalReader,
]

let selectedHarness: ([UInt8]) -> Void = {
    let name = getenv("TREND_FUZZ").map { String(cString: $0) } ?? ""
    guard let harness = harnesses[name] else {
        fatalError("TREND_FUZZ must name a harness: \(harnesses.keys.sorted().joined(separator: ", "))")
    }
    return harness
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selectedHarness(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
