/// Reading a mapped `weights.json`: storage knows the file, the format the bytes.
extension WeightsDocument {
    /// Reads a mapped file; a large one on two cores (see `ParallelEntries`).
    static func decode(_ contents: MappedContents, path: String) async throws(DataFileError) -> WeightStore {
        if let descriptor = contents.descriptor, let store = ParallelEntries.decode(contents.bytes, descriptor: descriptor, releaser: contents.releaser) {
            return store
        }
        return try decode(contents.bytes, path: path, progress: contents.releaser.map { releaser in { releaser.release(upTo: $0) } })
    }
}
