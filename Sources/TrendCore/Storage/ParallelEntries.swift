#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a large `weights.json` in the canonical layout on two cores: the
/// file is split at a record boundary near the middle, in whichever array
/// that falls (the entries, the intake or the measurements), and the
/// second part is read on another core (`OtherCore`) from a mapping of its
/// own, so the two share nothing but a descriptor, offsets and the records
/// they return.
///
/// It is only a fast path: anything unexpected returns nil and the caller
/// reads the file sequentially, which also gives the exact error message.
enum ParallelEntries {
    /// Below this, one core is faster than starting a second (the
    /// measurement is in Benchmarks/RESULTS.md).
    static let minimumSize = 512 << 10

    private static let canonicalStart = Array("{\n  \"entries\": [".utf8)

    /// The arrays of records, in the order the writer puts them.
    enum Section: Equatable {
        case entries, intake, measurements
    }

    /// What one task read: its records and the top-level members it met.
    struct Part {
        var entries: [[WeightEntry]] = []
        var intake: [IntakeEntry] = []
        var measurements: [MeasurementEntry] = []
        var goal: Double?
        var plan = WeightsDocument.PlanFields()
        var version: Int?
        var keys: Set<String> = []
        /// Entries per chunk of the second part (see `chunkCount`).
        var chunkCount = ParallelEntries.chunkCount
        /// Where the entries' array ends, near enough (`endOfEntries`): how
        /// many entries a part will read, for `Platform.prefault`.
        var entriesEnd = 0
        /// How many of the intake records lead in order: counted on its own
        /// core by the other core's part when its records come first (see
        /// `parts`); 0, nothing known, otherwise.
        var intakeInOrder = 0
        /// Each record's id hashed as it is read, while the id is at hand,
        /// for the duplicate check; nil for a file over `hashedSize`, whose
        /// check reads the records again.
        var idHashes: [UInt64]?

        init(hashingIDsOf size: Int) {
            if size <= ParallelEntries.hashedSize {
                idHashes = []
                idHashes?.reserveCapacity(size / 100)
            }
        }

        /// Maps in the pages of the hashes of the records in `bytes` bytes,
        /// in one call where appending them took a fault a page.
        mutating func prefaultHashes(reading bytes: Int) {
            guard idHashes != nil else { return }
            Platform.prefault(&idHashes!, upTo: bytes / 110)
        }
    }

    /// From this size on, each part gives back the pages of the file it has
    /// read as it goes, so a long history is never resident whole. Below
    /// it they stay mapped until the end: each giving-back interrupts the
    /// other core (its TLB is flushed), which costs more than the pages.
    static let releasedSize = 8 << 20

    /// Up to this size the parts hash the ids as they read them: a few
    /// tens of thousands of records, whose hashes take less room than the
    /// records (8 bytes against 56 or more), and whose check then reads
    /// those alone. Above it, the check of a long history (see
    /// `anyRepeatedID`) reads the records and keeps no hashes beside them.
    static let hashedSize = 6 << 20

    /// Where a task's reading ended: at the split, inside a section, or at
    /// the end of the document.
    enum Ending: Equatable {
        case split(Section)
        case end
    }

    /// `chunkCount` is the second part's entries per chunk: a test passes a
    /// small one to join several chunks from a file of a few thousand entries.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, descriptor: Int32, releaser: PageReleaser? = nil, chunkCount: Int = chunkCount
    ) -> WeightStore? {
        let size = bytes.count
        guard size >= minimumSize, bytes.starts(with: canonicalStart) else { return nil }
        let entriesEnd = endOfEntries(in: bytes)
        guard let (split, resume) = Self.parts(of: bytes, entriesEnd: entriesEnd) else { return nil }
        let section = section(at: split, in: bytes)
        var scanner = JSONScanner(bytes: bytes)
        scanner.index = canonicalStart.count
        let releaser = size >= releasedSize ? releaser : nil
        var first = Part(hashingIDsOf: size)
        first.entriesEnd = entriesEnd
        var ((ending, table), secondPart) = OtherCore.run({
            first.entries = [[]]
            // Room for every record of the file in the first part's arrays,
            // which the second part's join: pages never written cost nothing,
            // and growing or joining arrays touches fresh pages twice over.
            first.entries[0].reserveCapacity(size / 104)  // a canonical entry line is at least ~104 bytes
            // Only the pages of the entries this part reads: the second part's
            // join chunk by chunk, each freed as it is copied (see below).
            Platform.prefault(&first.entries[0], upTo: min(entriesEnd, split) / 104)
            first.prefaultHashes(reading: split + size - (resume ?? size))
            var ending = read(from: .entries, &scanner, stoppingAt: split, into: &first, releaser: releaser)
            if let resume, ending == .split(section) {
                scanner.index = resume
                ending = read(from: section, &scanner, stoppingAt: nil, into: &first, releaser: releaser) == .end ? .split(section) : nil
            }
            prefaultJoin(&first.entries[0], read: min(entriesEnd, split), of: entriesEnd, chunkCount: chunkCount)
            // This core's ids in a table of its own, while the other core
            // reads: the other part's then go in after the join, read in
            // order from its array, the table in this core's cache. Room for
            // a record every 110 bytes, most lines' length: shorter ones,
            // down to the shortest trend writes, fill it a little fuller.
            let table = first.idHashes.flatMap { DuplicateIDs.HashTable(capacity: size / 110, holding: $0) }
            return (ending, table)
        }, alongside: {
            readSecondPart(descriptor: descriptor, size: size, from: split, to: resume, in: section, entriesEnd: entriesEnd, chunkCount: chunkCount)
        })
        // Taken out of the other core's result: its arrays move, never copied.
        guard ending == .split(section), var second = secondPart.take(), first.keys.isDisjoint(with: second.keys) else { return nil }
        // The second part's ids into the first's table before the records
        // are joined, whose copying would push the table out of the cache.
        if first.idHashes != nil {
            // More records than the table has room for: not as trend writes them.
            // In place: a copy of the table would copy its slots.
            guard table?.insert(contentsOf: second.idHashes ?? []) == true, table?.hasRepeat == false else { return nil }
        }
        var joining = first.entries[0]
        first.entries = []
        // Chunk by chunk, each freed once copied and its pages given back:
        // the first part's array has room for the entries it read (more is
        // rare: the entries are usually most of the file), and the second
        // part's is never resident twice.
        second.entries.reverse()
        while let count = second.entries.last?.count {
            Platform.prefault(&joining, from: joining.count, upTo: joining.count + count)
            joining.append(contentsOf: second.entries.removeLast())
            // That chunk is freed by now: a full one's pages go back.
            if count == second.chunkCount { Platform.returnFreedMemory() }
        }
        let entries = joining
        // With a stop, the other core's intake comes first (see `parts`).
        let intake = resume == nil ? joined(&first.intake, &second.intake) : joined(&second.intake, &first.intake)
        let measurements = joined(&first.measurements, &second.measurements)
        let goal = first.goal ?? second.goal
        var plan = first.plan
        plan.start = plan.start ?? second.plan.start
        plan.by = plan.by ?? second.plan.by
        plan.rate = plan.rate ?? second.plan.rate
        // A long history's ids, whose hashes were not kept, are checked in the joined records.
        guard first.idHashes != nil || !anyRepeatedID(entries: entries, intake: intake, measurements: measurements),
            let version = first.version ?? second.version, version <= WeightStore.currentVersion
        else { return nil }
        let goalPlan: GoalPlan?
        do { goalPlan = try plan.plan(goal: goal, &scanner) } catch { return nil }
        return WeightStore(
            entries: entries, goalKilograms: goal, goalPlan: goalPlan, intake: intake, intakeInOrder: second.intakeInOrder,
            measurements: measurements, version: version)
    }

    /// Maps in the room the second part's weigh-ins will be joined into,
    /// once the first part has read `read` of the `total` bytes of
    /// weigh-ins: as many more as its own came to per byte, and a
    /// sixteenth over, up to one chunk (`chunkCount`), so the join still
    /// holds at most one chunk twice. The second part starts a thread and
    /// maps the file again, so it ends later: done here, in that wait, this
    /// is not done by the join after it.
    static func prefaultJoin(_ entries: inout [WeightEntry], read: Int, of total: Int, chunkCount: Int) {
        guard read > 0, total > read else { return }
        let expected = entries.count * total / read
        Platform.prefault(&entries, from: entries.count, upTo: min(expected + expected / 16, entries.count + chunkCount))
    }

    /// Whether an id appears twice, whatever the kinds. Up to
    /// `DuplicateIDs.smallCount` records, one yes or no over all of them
    /// on two cores; beyond, the weigh-ins' own check, cache-friendly for a
    /// million, beside the check of the other kinds against them.
    static func anyRepeatedID(entries: [WeightEntry], intake: [IntakeEntry], measurements: [MeasurementEntry]) -> Bool {
        if entries.count + intake.count + measurements.count <= DuplicateIDs.smallCount {
            return DuplicateIDs.anyRepeated(entries: entries, intake: intake, measurements: measurements)
        }
        let (repeatedEntry, shared) = OtherCore.run({ WeightsDocument.firstDuplicateID(entries) }, alongside: {
            WeightsDocument.repeatedID(entries: entries, intake: intake, measurements: measurements)
        })
        return shared != nil || repeatedEntry != nil
    }

    /// One array of two parts' records, `front`'s first: either alone when
    /// the other has none, as is usual, so nothing is copied. When `back`
    /// kept room in front for `front`'s (the second part, `frontRoom`),
    /// they go there: its records move within pages already written, where
    /// appending them to `front`'s would write as many fresh pages as they
    /// fill. Otherwise `back`'s are appended to `front`'s, in the room
    /// `front` made for the rest of the file (the other core's records
    /// when they come first, see `parts`).
    static func joined<Stored>(_ front: inout [Stored], _ back: inout [Stored]) -> [Stored] {
        if front.isEmpty { return back }
        if back.isEmpty { return front }
        if back.capacity >= front.count + back.count {
            // The pages the records move on to, mapped in at once.
            Platform.prefault(&back, from: back.count, upTo: front.count + back.count)
            back.insert(contentsOf: front, at: 0)
            front = []
            return back
        }
        front.append(contentsOf: back)
        back = []
        return front
    }

    /// Reading an entry line takes about a quarter longer than reading an
    /// intake or measurement line of the same length (its copy into the array,
    /// its body fat and its weight's checks): `entryCost` to `otherCost`
    /// per byte, the ratio at which both parts of a file of 10,000
    /// weigh-ins and 20,000 intake lines end together (Benchmarks/RESULTS.md).
    static let entryCost = 5
    static let otherCost = 4

    /// The offset that splits the reading time in two: the middle of a
    /// file of weigh-ins, further on in one with many intake or
    /// measurement lines, given where the weigh-ins end (`endOfEntries`).
    static func balancedMiddle(of bytes: UnsafeBufferPointer<UInt8>, entriesEnd: Int) -> Int {
        let entriesCost = entriesEnd * entryCost
        let half = balancedCost(of: bytes, entriesEnd: entriesEnd)
        return half <= entriesCost ? half / entryCost : entriesEnd + (half - entriesCost) / otherCost
    }

    /// Half the reading time of the whole file, in `entryCost` and `otherCost` units.
    static func balancedCost(of bytes: UnsafeBufferPointer<UInt8>, entriesEnd: Int) -> Int {
        (entriesEnd * entryCost + (bytes.count - entriesEnd) * otherCost) / 2
    }

    /// Where the weigh-ins' array ends, found by halving to within
    /// `endPrecision` bytes (each guess reads one line), and never before:
    /// the offset of the first other record or a little past it.
    static func endOfEntries(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // The first other record lies in low..<high.
        var low = 0
        var high = bytes.count
        while high - low > endPrecision {
            let guess = low + (high - low) / 2
            if let start = boundary(in: bytes, near: guess), section(at: start, in: bytes) == .entries { low = guess } else { high = guess }
        }
        return high
    }

    static let endPrecision = 16 << 10

    /// The `{` of a record just after `},` and a raw line break: a raw line
    /// break cannot occur inside a JSON string, so this is between records.
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

    /// Which array the record at `start` is in, told by its shape as the
    /// writer lays it out. A wrong guess costs nothing but the fast path:
    /// the first part must end in the same array, and each record is read
    /// strictly as its kind.
    static func section(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Section {
        let line = bytes[start...]
        if line.starts(with: "{\"centimetres\": ".utf8) { return .measurements }
        // `{"date": "` + 25 + `", "id": "` + 36, then the key.
        if line.count > 100 && line.starts(with: "{\"date\": \"".utf8) && line.dropFirst(81).starts(with: "\", \"kilocalories\": ".utf8) {
            return .intake
        }
        return .entries
    }

    /// Where the second part starts: the record boundary at the balanced
    /// middle. The second part's start (a thread, and the file mapped
    /// again before its first record) takes about as long as the first
    /// part's table of its ids after its last (see `decode`), so neither
    /// part reads further than the middle to make up for it.
    static func split(of bytes: UnsafeBufferPointer<UInt8>, entriesEnd: Int) -> Int? {
        boundary(in: bytes, near: balancedMiddle(of: bytes, entriesEnd: entriesEnd))
    }

    /// Where the other core starts, and where this core takes up reading
    /// again when the other core stops before the end (nil: it reads to
    /// the end). A split in the intake moves to its first record: the other
    /// core reads from there, and this core the weigh-ins and then the
    /// intake from where the other core stops. The other core's records come
    /// first and are most of them: this core's are appended to its array,
    /// where the other way round the other core's would all move to make
    /// room in front.
    static func parts(of bytes: UnsafeBufferPointer<UInt8>, entriesEnd: Int) -> (split: Int, resume: Int?)? {
        guard let split = split(of: bytes, entriesEnd: entriesEnd) else { return nil }
        guard section(at: split, in: bytes) == .intake, let start = firstIntakeRecord(in: bytes, entriesEnd: entriesEnd),
            let resume = boundary(in: bytes, near: start + balancedCost(of: bytes, entriesEnd: entriesEnd) / otherCost), resume > split,
            section(at: resume, in: bytes) == .intake
        else { return (split, nil) }
        return (start, resume)
    }

    /// The first record of the intake array, which follows the weigh-ins'
    /// as the writer lays them out: in the `endPrecision` bytes before
    /// `entriesEnd` (see `endOfEntries`).
    static func firstIntakeRecord(in bytes: UnsafeBufferPointer<UInt8>, entriesEnd: Int) -> Int? {
        let window = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, entriesEnd)])
        guard let key = ByteSearch.find(intakeKey, in: window, from: max(0, entriesEnd - endPrecision - 64)) else { return nil }
        var start = key + intakeKey.count
        while start < bytes.count && bytes[start] == 32 { start += 1 }
        guard start <= entriesEnd, start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        return start
    }

    private static let intakeKey = Array("\n  \"intake\": [\n".utf8)

    /// Fewer bytes than any intake or measurement line takes: the room in
    /// front of the second part's records is only ever too much, and pages
    /// never written cost nothing.
    static let frontRoom = 90

    /// Entries in a chunk of the second part: 2 MiB, so joining the parts
    /// holds at most one chunk twice.
    static let chunkCount = 32_768

    /// Everything from `start` to `stop` (nil: the end), from a mapping of
    /// its own; nil for anything the canonical layout does not have.
    static func readSecondPart(descriptor: Int32, size: Int, from start: Int, to stop: Int?, in section: Section, entriesEnd: Int, chunkCount: Int) -> Part? {
        var part = Part(hashingIDsOf: size)
        part.chunkCount = chunkCount
        part.entriesEnd = entriesEnd
        // The room for the records is mapped in before the file is mapped:
        // mapping the file changes the process's memory map, which waits
        // for the first part's mapping-in of its room to end, while two
        // mappings-in run side by side. The room in front is for the first
        // part's records of this section (see `joined`): at most one per
        // `frontRoom` bytes before the split.
        if section == .entries {
            part.entries = [newChunk(part, at: start)]
        } else {
            // With a stop, this part's records come first: room for the
            // rest of the file, and none in front.
            makeRoom(for: section, in: &part, from: start, to: size, fileSize: size, front: stop == nil ? start / frontRoom : 0)
        }
        part.prefaultHashes(reading: (stop ?? size) - start)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != Platform.mapFailed else { return nil }
        defer { munmap(base, size) }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        var scanner = JSONScanner(bytes: bytes)
        scanner.index = start
        let releaser = size >= releasedSize ? PageReleaser(base: base) : nil
        guard read(from: section, &scanner, stoppingAt: stop, into: &part, releaser: releaser) == (stop == nil ? .end : .split(section)) else { return nil }
        if stop != nil { part.intakeInOrder = part.intake.inOrderPrefix(by: IntakeEntry.isOrderedBefore) }
        return part
    }

    /// Room in `part`'s intake or measurements for the rest of the file (see
    /// `decode`; an intake line is at least ~100 bytes, a measurement's
    /// ~110), with `front` more for records joined in front (see `joined`),
    /// and the pages mapped in for those from `offset` to `end`. Nothing
    /// when the array has the room already: the second part makes it before
    /// it maps the file.
    private static func makeRoom(for section: Section, in part: inout Part, from offset: Int, to end: Int, fileSize: Int, front: Int = 0) {
        func make<Stored>(_ records: inout [Stored], bytesEach: Int) {
            let room = records.count + (fileSize - offset) / 100
            guard records.capacity < room else { return }
            records.reserveCapacity(front + room)
            Platform.prefault(&records, upTo: records.count + (end - offset) / bytesEach)
        }
        switch section {
        case .entries: break
        case .intake: make(&part.intake, bytesEach: 100)
        case .measurements: make(&part.measurements, bytesEach: 110)
        }
    }

    /// An empty chunk of the second part's weigh-ins, its pages mapped in
    /// for those of the weigh-ins from `offset` on that it will hold.
    private static func newChunk(_ part: Part, at offset: Int) -> [WeightEntry] {
        var chunk: [WeightEntry] = []
        chunk.reserveCapacity(part.chunkCount)
        Platform.prefault(&chunk, upTo: (part.entriesEnd - offset) / 104)
        return chunk
    }

    /// Reads records of `section` and then the rest of the document, as far
    /// as the record that starts at `split`; nil for anything the canonical
    /// layout does not have.
    private static func read(from section: Section, _ s: inout JSONScanner, stoppingAt split: Int?, into part: inout Part, releaser: PageReleaser?) -> Ending? {
        var section = section
        while true {
            guard readRecords(section, &s, stoppingAt: split, into: &part, releaser: releaser) else { return nil }
            if let split, s.offset == split { return .split(section) }
            // The array has ended: the members after it, to the next array or the end.
            guard s.take(UInt8(ascii: "]")) else { return nil }
            var next: Section?
            while next == nil, s.take(UInt8(ascii: ",")) {
                guard s.peek() == UInt8(ascii: "\""), let key = try? s.readString(), s.take(UInt8(ascii: ":")), part.keys.insert(key).inserted else { return nil }
                guard let isPlan = try? part.plan.read(key, &s) else { return nil }
                if isPlan { continue }
                switch key {
                case "goalKilograms":
                    guard let value = try? WeightsDocument.number(&s, ""), WeightInput.isValid(kilograms: value) else { return nil }
                    part.goal = value
                case "version":
                    guard let value = try? WeightsDocument.number(&s, ""), value >= 1, value == value.rounded(), value < 1e9 else { return nil }
                    part.version = Int(value)
                case "intake", "measurements":
                    guard s.take(UInt8(ascii: "[")) else { return nil }
                    next = key == "intake" ? .intake : .measurements
                default:
                    return nil
                }
            }
            guard let next else {
                guard s.take(UInt8(ascii: "}")), (try? s.expectEnd()) != nil else { return nil }
                return .end
            }
            section = next
        }
    }

    /// Records of one array up to its `]` (left for the caller) or the
    /// record at `split`; false when one is not as the writer writes it.
    private static func readRecords(_ section: Section, _ s: inout JSONScanner, stoppingAt split: Int?, into part: inout Part, releaser: PageReleaser?) -> Bool {
        guard s.peek() != UInt8(ascii: "]") else { return true }
        // Stopping at its first record: no room made for records another part reads.
        if s.offset == split { return true }
        if section != .entries { makeRoom(for: section, in: &part, from: s.offset, to: split ?? s.bytes.count, fileSize: s.bytes.count) }
        var lastReleased = s.offset
        let seeds = DuplicateIDs.seeds
        // The arrays filled, moved out of `part` for the loop and back after
        // it: appended to through `part`, every record checked that the
        // part's arrays and the chunk's were not shared.
        var chunk = section == .entries ? part.entries.popLast() : nil
        var intake: [IntakeEntry] = []
        if section == .intake { swap(&intake, &part.intake) }
        var hashes = part.idHashes.take()
        defer {
            if let chunk { part.entries.append(chunk) }
            if section == .intake { swap(&intake, &part.intake) }
            part.idHashes = hashes
        }
        repeat {
            s.skipRecordIndent()
            _ = s.peek()
            if s.offset == split { return true }
            if let releaser, s.offset - lastReleased >= 1 << 20 {
                releaser.release(upTo: s.offset)
                lastReleased = s.offset
            }
            switch section {
            case .entries:
                if chunk == nil || chunk!.count == part.chunkCount && split == nil {
                    if let full = chunk.take() { part.entries.append(full) }
                    chunk = newChunk(part, at: s.offset)
                }
                // Appended straight from the decoder: through `try?` each entry
                // was copied out of an Optional (a retain and a release apiece).
                do { try WeightsDocument.appendEntry(&s, to: &chunk!, number: 0, allowUnknownKeys: false) } catch { return false }
                if hashes != nil { hashes!.append(DuplicateIDs.hash(chunk![chunk!.count - 1].recordID, seeds)) }
            case .intake:
                if !WeightsDocument.appendCanonical(&s, to: &intake) {
                    guard let record = try? WeightsDocument.decodeIntake(&s, number: 0, allowUnknownKeys: false) else { return false }
                    intake.append(record)
                }
                if hashes != nil { hashes!.append(DuplicateIDs.hash(intake[intake.count - 1].recordID, seeds)) }
            case .measurements:
                guard let record = try? WeightsDocument.decodeMeasurement(&s, number: 0, allowUnknownKeys: false) else { return false }
                part.measurements.append(record)
                if hashes != nil { hashes!.append(DuplicateIDs.hash(record.recordID, seeds)) }
            }
        } while s.take(UInt8(ascii: ","))
        return true
    }
}
