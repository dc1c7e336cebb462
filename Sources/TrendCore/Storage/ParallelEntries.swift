#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a large `weights.json` in the canonical layout on two cores: the
/// entries array is split at an entry boundary near the middle and the
/// second half is read by a child task that maps the file itself, so the
/// tasks share nothing but a descriptor, offsets and the entries they return.
///
/// It is only a fast path: anything unexpected returns nil and the caller
/// reads the file sequentially, which also gives the exact error message.
enum ParallelEntries {
    /// Below this, one core is faster than starting a second (the
    /// measurement is in Benchmarks/RESULTS.md).
    static let minimumSize = 512 << 10

    private static let canonicalStart = Array("{\n  \"entries\": [".utf8)

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, descriptor: Int32, releaser: PageReleaser? = nil) async -> WeightStore? {
        let size = bytes.count
        guard size >= minimumSize, bytes.starts(with: canonicalStart), let split = boundary(in: bytes, near: size / 2) else {
            return nil
        }
        async let secondHalf = readEntries(descriptor: descriptor, size: size, from: split)
        // The first half here, up to the split.
        var scanner = JSONScanner(bytes: bytes)
        scanner.index = canonicalStart.count
        var entries: [WeightEntry] = []
        entries.reserveCapacity(size / 104)  // a canonical entry line is at least ~104 bytes
        var lastReleased = 0
        while true {
            _ = scanner.peek()
            if scanner.offset == split { break }
            if let releaser, scanner.offset - lastReleased >= 1 << 20 {
                releaser.release(upTo: scanner.offset)
                lastReleased = scanner.offset
            }
            // Appended straight from the decoder: through `try?` each entry
            // was copied out of an Optional (a retain and a release apiece).
            var decoded = scanner.offset < split
            if decoded {
                do { try WeightsDocument.appendEntry(&scanner, to: &entries, number: entries.count + 1, allowUnknownKeys: false) } catch { decoded = false }
            }
            guard decoded, scanner.take(UInt8(ascii: ",")) else {
                _ = await secondHalf
                return nil
            }
        }
        guard case (var rest, let end)? = await secondHalf else { return nil }
        // Chunk by chunk, each freed once copied: the first half's array has
        // room for all (untouched pages cost nothing), so the second half
        // is never resident twice.
        rest.reverse()
        while let chunk = rest.popLast() { entries.append(contentsOf: chunk) }
        scanner.index = end
        return finish(&scanner, entries: entries)
    }

    /// The `{` of an entry just after `},` and a raw line break: a raw line
    /// break cannot occur inside a JSON string, so this is between entries.
    static func boundary(in bytes: UnsafeBufferPointer<UInt8>, near middle: Int) -> Int? {
        var i = middle
        let limit = min(bytes.count - 8, middle + (1 << 20))
        while i < limit {
            if bytes[i] == UInt8(ascii: "}") && bytes[i + 1] == UInt8(ascii: ",") && bytes[i + 2] == 10 {
                var j = i + 3
                while j < bytes.count && bytes[j] == 32 { j += 1 }
                if j < bytes.count && bytes[j] == UInt8(ascii: "{") { return j }
            }
            i += 1
        }
        return nil
    }

    /// Entries in a chunk of the second half: 2 MiB, so joining the halves
    /// holds at most one chunk twice.
    static let chunkCount = 32_768

    /// Entries from `start` to the end of the array, from a mapping of its
    /// own, in chunks of `chunkCount`.
    static func readEntries(descriptor: Int32, size: Int, from start: Int) async -> ([[WeightEntry]], Int)? {
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != Platform.mapFailed else { return nil }
        defer { munmap(base, size) }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        let releaser = PageReleaser(base: base)
        var scanner = JSONScanner(bytes: bytes)
        scanner.index = start
        var chunks: [[WeightEntry]] = []
        var entries: [WeightEntry] = []
        entries.reserveCapacity(min(chunkCount, (size - start) / 104))
        var number = 0
        var lastReleased = start
        repeat {
            number += 1
            if entries.count == chunkCount {
                chunks.append(entries)
                entries = []
                entries.reserveCapacity(chunkCount)
            }
            do { try WeightsDocument.appendEntry(&scanner, to: &entries, number: number, allowUnknownKeys: false) } catch { return nil }
            if scanner.offset - lastReleased >= 1 << 20 {
                releaser.release(upTo: scanner.offset)
                lastReleased = scanner.offset
            }
        } while scanner.take(UInt8(ascii: ","))
        chunks.append(entries)
        return (chunks, scanner.offset)
    }

    /// The rest of the document after the entries: `]`, the goal and the
    /// version, then the end; nil for anything else.
    private static func finish(_ s: inout JSONScanner, entries: [WeightEntry]) -> WeightStore? {
        guard s.take(UInt8(ascii: "]")) else { return nil }
        var goal: Double?
        var plan = WeightsDocument.PlanFields()
        var version: Int?
        while s.take(UInt8(ascii: ",")) {
            guard s.peek() == UInt8(ascii: "\""), let key = try? s.readString(), s.take(UInt8(ascii: ":")) else { return nil }
            guard let isPlan = try? plan.read(key, &s) else { return nil }
            if isPlan { continue }
            switch key {
            case "goalKilograms" where goal == nil:
                guard let value = try? WeightsDocument.number(&s, ""), WeightInput.isValid(kilograms: value) else { return nil }
                goal = value
            case "version" where version == nil:
                guard let value = try? WeightsDocument.number(&s, ""), value >= 1, value == value.rounded(), value < 1e9 else { return nil }
                version = Int(value)
            default:
                return nil
            }
        }
        guard s.take(UInt8(ascii: "}")), (try? s.expectEnd()) != nil, let version, version <= WeightStore.currentVersion,
            WeightsDocument.firstDuplicateID(entries) == nil
        else { return nil }
        let goalPlan: GoalPlan?
        do { goalPlan = try plan.plan(goal: goal, &s) } catch { return nil }
        return WeightStore(entries: entries, goalKilograms: goal, goalPlan: goalPlan, version: version)
    }
}
