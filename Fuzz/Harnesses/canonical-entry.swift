/// The fixed-offset reader of trend's own entry lines against the
/// key-by-key reader: what the shortcut accepts, the full reader reads to
/// the same entry, ending at the same byte; declining consumes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCanonicalEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var fast = JSONScanner(bytes: bytes)
    var entries: [WeightEntry] = []
    guard WeightsDocument.appendCanonical(&fast, to: &entries) else {
        precondition(fast.index == 0 && entries.isEmpty, "declining consumed input")
        return 0
    }
    var full = JSONScanner(bytes: bytes)
    guard let entry = try? WeightsDocument.decodeEntryByKeys(&full, number: 1, allowUnknownKeys: false) else {
        preconditionFailure("the shortcut accepted what the full reader refuses")
    }
    precondition(entries == [entry], "the readers disagree on the entry")
    precondition(fast.index == full.index, "the readers stop at different bytes")
    return 0
}
