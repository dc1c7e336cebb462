/// Writes an export (`trend export --output FILE`) the way data files are
/// written: complete or not at all, never a half-written file.
public enum ExportFile {
    public static func write(_ bytes: [UInt8], toPath path: String) async throws {
        try await DurableFile(path: path).update { _ in (bytes, ()) }
    }
}
