#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds repeated ids among many, cache-friendly. Up to `smallCount` ids one
/// table of indices fits in cache; beyond, the ids are first spread into 256
/// partitions by their top byte in one sequential pass, then each small
/// partition is checked with a table that fits in cache. (A hash set over a
/// million random ids misses the cache on every insert.)
enum DuplicateIDs {
    /// Up to this many ids, one table of indices fits in cache and the
    /// partitioning pass only costs time and memory.
    static let smallCount = 1 << 16

    /// The index of the first entry whose id appeared earlier, if any.
    static func first(in entries: [WeightEntry]) -> Int? {
        let count = entries.count
        guard count > 1 else { return nil }
        if count <= smallCount { return firstInSmall(entries) }
        return entries.withUnsafeBufferPointer { firstInPartitions($0) }
    }

    /// Each partition holds (32 bits of the id's hash, index) pairs, read in
    /// order; an entry is only read again when two hashes agree. Copying
    /// the ids out instead would hold a second copy of them beside a long
    /// history, whose peak memory is the history plus what its load allocates.
    private static func firstInPartitions(_ entries: UnsafeBufferPointer<WeightEntry>) -> Int? {
        let count = entries.count
        let seeds = seeds
        var counts = [Int](repeating: 0, count: 257)
        for entry in entries { counts[Int(key(entry).0 >> 56) + 1] += 1 }
        for bucket in 1...256 { counts[bucket] += counts[bucket - 1] }
        var starts = counts
        var order = [UInt64](repeating: 0, count: count)
        for i in 0..<count {
            let key = key(entries[i])
            let bucket = Int(key.0 >> 56)
            order[starts[bucket]] = mixed(key, seeds) & 0xFFFF_FFFF_0000_0000 | UInt64(i)
            starts[bucket] += 1
        }
        var firstRepeat: Int?
        var table = [UInt64](repeating: .max, count: 16)
        for bucket in 0..<256 {
            let members = counts[bucket]..<counts[bucket + 1]
            guard members.count > 1 else { continue }
            let bits = tableBits(atLeast: members.count * 2)
            let size = 1 << bits
            if table.count < size { table = [UInt64](repeating: .max, count: size) } else { table.withUnsafeMutableBufferPointer { $0.update(repeating: .max) } }
            let mask = size - 1
            for position in members {
                let pair = order[position]
                let i = Int(pair & 0xFFFF_FFFF)
                // The hash's top bits place it; all 32 it keeps tell it apart.
                var slot = Int(truncatingIfNeeded: pair >> UInt64(64 - bits))
                while table[slot] != .max {
                    let other = table[slot]
                    if other >> 32 == pair >> 32, key(entries[Int(other & 0xFFFF_FFFF)]) == key(entries[i]) {
                        let later = max(i, Int(other & 0xFFFF_FFFF))
                        firstRepeat = min(firstRepeat ?? later, later)
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if table[slot] == .max { table[slot] = pair }
            }
        }
        return firstRepeat
    }

    /// One open-addressed table of indices, the ids compared where they lie:
    /// no key or order arrays to allocate.
    private static func firstInSmall(_ entries: [WeightEntry]) -> Int? {
        let bits = tableBits(atLeast: entries.count * 2)
        let mask = (1 << bits) - 1
        var table = [Int32](repeating: -1, count: 1 << bits)
        let seeds = seeds
        return entries.withUnsafeBufferPointer { entries in
            table.withUnsafeMutableBufferPointer { table in
                // In order: the first index that meets its id again is the answer.
                for i in entries.indices {
                    let id = key(entries[i])
                    var slot = Int(truncatingIfNeeded: mixed(id, seeds) >> UInt64(64 - bits))
                    while table[slot] >= 0 {
                        if key(entries[Int(table[slot])]) == id { return i }
                        slot = (slot + 1) & mask
                    }
                    table[slot] = Int32(i)
                }
                return nil
            }
        }
    }

    /// The first id of `others` (the intake's and measurements' ids, read
    /// by index) that is repeated among them or is also a weigh-in's: one
    /// table of the others, filled to at most three quarters, every
    /// weigh-in looked up in it. The weigh-ins among themselves are
    /// `first(in:)`'s.
    static func firstShared(count: Int, _ others: (Int) -> RecordID, with entries: [WeightEntry]) -> RecordID? {
        guard count > 0 else { return nil }
        let bits = tableBits(atLeast: count + count / 3)
        let mask = (1 << bits) - 1
        // (the hash's top 32 bits, the index): a record is only read again
        // when two hashes agree, so a probe stays in the table.
        var table = [UInt64](repeating: .max, count: 1 << bits)
        let seeds = seeds
        return table.withUnsafeMutableBufferPointer { table in
            for i in 0..<count {
                let id = key(others(i))
                let hash = mixed(id, seeds)
                var slot = Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
                while table[slot] != .max {
                    if table[slot] >> 32 == hash >> 32, key(others(Int(table[slot] & 0xFFFF_FFFF))) == id { return others(i) }
                    slot = (slot + 1) & mask
                }
                table[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(i)
            }
            for entry in entries {
                let id = key(entry)
                let hash = mixed(id, seeds)
                var slot = Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
                while table[slot] != .max {
                    if table[slot] >> 32 == hash >> 32, key(others(Int(table[slot] & 0xFFFF_FFFF))) == id { return entry.recordID }
                    slot = (slot + 1) & mask
                }
            }
            return nil
        }
    }

    /// Whether any id appears twice among all the store's records, whatever
    /// their kinds: only a yes or a no, for the parallel reader, which hands
    /// a file it gets a yes for to the sequential reader and its exact
    /// message. Past `splitCount` ids, they are split by their hash between
    /// two tables, filled on two cores. A table keeps 31 bits of each hash
    /// beside the bits that place it, so two ids may look alike: at 30,000
    /// ids about one read in 70,000, which costs only the sequential reading.
    static func anyRepeated(entries: [WeightEntry], intake: [IntakeEntry], measurements: [MeasurementEntry]) -> Bool {
        let count = entries.count + intake.count + measurements.count
        guard count > 1 else { return false }
        // A few tens of thousands are one table's work on one core: handing
        // half to another costs more than it saves, and each half reads and
        // hashes every id.
        if count <= splitCount { return anyRepeated(inHalf: nil, entries, intake, measurements) }
        let (lower, upper) = OtherCore.run({ anyRepeated(inHalf: 0, entries, intake, measurements) }, alongside: {
            anyRepeated(inHalf: 1, entries, intake, measurements)
        })
        return upper || lower
    }

    /// An id's hash as `HashTable` takes it: the parallel reader's parts
    /// compute it as they read each record, with `seeds` read once (each
    /// read of the lazy global checks it is made).
    @inline(__always) static func hash(_ id: RecordID, _ seeds: (UInt64, UInt64)) -> UInt64 {
        mixed(key(id), seeds)
    }

    /// Whether any id appears twice, told from hashes (`hash(_:_:)`): a yes
    /// or a no, like `anyRepeated(entries:…)`, without reading the records
    /// again. The parallel reader's first part fills one with its own
    /// hashes, in its core's cache, while the other core still reads, and
    /// the second part's go in after the join: that core then puts in the
    /// other part's, not every id while the other waits. It keeps 31 bits
    /// of each hash beside the bits that place it, so a yes may be two ids
    /// alike there, which costs only the sequential reading.
    struct HashTable: Sendable {
        private var slots: [UInt32]
        private let bits: Int
        private var count = 0
        /// Whether a hash was put in twice.
        private(set) var hasRepeat = false

        /// Room for `capacity` hashes with the table at most a quarter full:
        /// fewer hashes meet another in their slot, and each that does costs
        /// a mispredicted branch, where the table's room costs only its
        /// pages (Benchmarks/RESULTS.md).
        init(capacity: Int) {
            bits = DuplicateIDs.tableBits(atLeast: 4 * capacity)
            // Its pages mapped in with one call, not a fault each as the zeros are written.
            slots = []
            slots.reserveCapacity(1 << bits)
            Platform.prefault(&slots, upTo: 1 << bits)
            slots.append(contentsOf: repeatElement(0, count: 1 << bits))
        }

        /// A table of `hashes`, with room for `capacity` in all; nil when
        /// they are more than that.
        init?(capacity: Int, holding hashes: [UInt64]) {
            self.init(capacity: capacity)
            guard insert(contentsOf: hashes) else { return nil }
        }

        /// Puts each of `hashes` in, noting a repeat; false, putting nothing
        /// in, when that would fill the table past seven eighths (more
        /// hashes than it was made for), where a probe could find no
        /// empty slot.
        mutating func insert(contentsOf hashes: [UInt64]) -> Bool {
            let bits = bits
            guard count + hashes.count < slots.count - slots.count / 8 else { return false }
            count += hashes.count
            // A plain loop over each array's buffer: through `contains(where:)`
            // every hash was a call of a closure, which cost more than the probe.
            let repeated = slots.withUnsafeMutableBufferPointer { table in
                hashes.withUnsafeBufferPointer { hashes in
                    for hash in hashes where DuplicateIDs.isRepeat(hash, in: table, bits: bits) { return true }
                    return false
                }
            }
            if repeated { hasRepeat = true }
            return true
        }
    }

    /// A table's size as a power of two: at least 16 slots and `slots`. A
    /// constant, not a variable grown in place: the local functions that
    /// probe a table capture it, and a captured variable is checked for
    /// exclusive access at every call.
    private static func tableBits(atLeast slots: Int) -> Int {
        var bits = 4
        while 1 << bits < slots { bits += 1 }
        return bits
    }

    /// Puts `hash` in an open-addressed table of `1 << bits` slots and says
    /// whether it was there already: the bits below its top one place it,
    /// and its low 32 bits (never 0: 0 is an empty slot) are kept.
    @inline(__always) private static func isRepeat(_ hash: UInt64, in table: UnsafeMutableBufferPointer<UInt32>, bits: Int) -> Bool {
        let mask = (1 << bits) - 1
        let kept = UInt32(truncatingIfNeeded: hash) | 1
        var slot = Int(truncatingIfNeeded: hash >> UInt64(63 - bits)) & mask
        while table[slot] != 0 {
            if table[slot] == kept { return true }
            slot = (slot + 1) & mask
        }
        table[slot] = kept
        return false
    }

    /// Over this many ids, two tables are filled on two cores.
    static let splitCount = 1 << 17

    /// `half` 0 or 1: only the ids whose hash's top bit it is; nil: all of them.
    private static func anyRepeated(inHalf half: UInt64?, _ entries: [WeightEntry], _ intake: [IntakeEntry], _ measurements: [MeasurementEntry]) -> Bool {
        let count = entries.count + intake.count + measurements.count
        // At most half full: about half the ids land in a half's table.
        let bits = tableBits(atLeast: half == nil ? 2 * count : count)
        var table = [UInt32](repeating: 0, count: 1 << bits)
        let seeds = seeds
        return table.withUnsafeMutableBufferPointer { table in
            // The hash's top bit picks the table (`isRepeat` places it by the bits below).
            func seenBefore(_ id: RecordID) -> Bool {
                let hash = mixed(key(id), seeds)
                if let half, hash >> 63 != half { return false }
                return isRepeat(hash, in: table, bits: bits)
            }
            // By index over each buffer: iterating would copy every record,
            // and `contains(where:)` called a closure for each.
            func anyRepeated<Stored: StoredRecord>(in records: [Stored]) -> Bool {
                records.withUnsafeBufferPointer { records in
                    for index in records.indices where seenBefore(records[index].recordID) { return true }
                    return false
                }
            }
            return anyRepeated(in: entries) || anyRepeated(in: intake) || anyRepeated(in: measurements)
        }
    }

    /// An id as two words, most significant first: its top byte picks a partition.
    @inline(__always) private static func key(_ entry: WeightEntry) -> (UInt64, UInt64) {
        key(entry.recordID)
    }

    @inline(__always) private static func key(_ id: RecordID) -> (UInt64, UInt64) {
        (id.high, id.low)
    }

    /// Drawn once per process: the ids come from files others may write (a
    /// sync peer, a merged copy), so where an id lands must not be
    /// predictable, or ids crafted to collide make the check quadratic.
    static let seeds: (UInt64, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }()

    /// Both words mixed with the process's seeds, each through a multiply
    /// and a shift, so no relation between the halves (equal, or XORing to a
    /// constant) survives; use the top bits, which depend on every bit.
    @inline(__always) private static func mixed(_ key: (UInt64, UInt64), _ seeds: (UInt64, UInt64)) -> UInt64 {
        var h = (key.0 ^ seeds.0) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        h = (h ^ key.1 ^ seeds.1) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return h &* 0x94D0_49BB_1331_11EB
    }
}
