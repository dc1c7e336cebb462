/// Zip reader: any bytes give members or a damaged zip, never a trap or a
/// read past the end; a member's contents are read, inflated a chunk at a
/// time, to at most 64 MiB (a bomb is read in constant memory, not to its end).
func fuzzZipReader(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { fuzzZipReader(ZipArchive(bytes: $0)) }
}

private func fuzzZipReader(_ archive: ZipArchive) {
    guard let members = try? archive.members() else { return }
    for member in members.prefix(8) {
        var total = 0
        do {
            try archive.read(member, chunkSize: 1 << 16) { chunk in
                total += chunk.count
                precondition(chunk.count <= 1 << 16, "a chunk larger than asked")
            }
        } catch {
            // A damaged member is a reported failure, not a crash.
        }
        precondition(total >= 0)
    }
}
