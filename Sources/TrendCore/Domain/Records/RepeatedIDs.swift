/// Which keys of a list occur more than once: whether a data file holds
/// an id twice (every read asks it of every record, SPEC §1), and which
/// short ids two records share (`ShortIDs`).
///
/// A hash set of a long history's ids misses the cache on nearly every
/// insert, and sorting them is not much cheaper, so each key first marks a
/// bit, chosen by its hash, in a bitmap small enough to stay in the cache:
/// only the keys whose bit another key marked too (a few in a hundred,
/// for keys spread as random ids are) are compared exactly. Keys that
/// crowd into few bits only make that second, exact pass longer.
enum RepeatedIDs {
    /// The keys that occur more than once; with `firstOnly`, at most one.
    static func repeated<Key: MixedKey>(_ keys: [Key], firstOnly: Bool = false) -> Set<Key> {
        repeated(count: keys.count, { body in keys.forEach(body) }, firstOnly: firstOnly)
    }

    /// The same over `count` keys that `walk` hands out, twice at most.
    static func repeated<Key: MixedKey>(count: Int, _ walk: ((Key) -> Void) -> Void, firstOnly: Bool = false) -> Set<Key> {
        var bitmap = KeyBitmap(keys: count)
        walk { bitmap.mark($0.mixedBits) }
        guard bitmap.anyTwice else { return [] }
        var seen = Set<Key>()
        var found = Set<Key>()
        walk { key in
            guard !(firstOnly && !found.isEmpty), bitmap.isMarkedTwice(key.mixedBits), !seen.insert(key).inserted else { return }
            found.insert(key)
        }
        return found
    }
}

/// The bits keys mark, chosen by their hash: once, and again. A value the
/// walks change through its methods, not variables their closures share,
/// which the compiler checked for overlapping access at every key.
struct KeyBitmap {
    private var once: [UInt64]
    private var twice: [UInt64]
    private let indexMask: Int
    /// Whether any bit was marked by two keys.
    private(set) var anyTwice = false

    /// Sixteen bits a key: about one key in sixteen shares its bit.
    init(keys count: Int) {
        var bitCount = 1024
        while bitCount < count * 16 { bitCount *= 2 }
        once = [UInt64](repeating: 0, count: bitCount / 64)
        twice = once
        indexMask = bitCount - 1
    }

    private func place(_ bits: UInt64) -> (word: Int, mask: UInt64) {
        let index = Int(truncatingIfNeeded: (bits &* 0xBF58_476D_1CE4_E5B9) >> 32) & indexMask
        return (index >> 6, 1 << UInt64(index & 63))
    }

    mutating func mark(_ bits: UInt64) {
        let (word, mask) = place(bits)
        if once[word] & mask != 0 {
            twice[word] |= mask
            anyTwice = true
        } else {
            once[word] |= mask
        }
    }

    func isMarkedTwice(_ bits: UInt64) -> Bool {
        let (word, mask) = place(bits)
        return twice[word] & mask != 0
    }
}

/// A key `RepeatedIDs` marks by its bits folded into one word.
protocol MixedKey: Hashable {
    var mixedBits: UInt64 { get }
}

extension RecordID: MixedKey {
    var mixedBits: UInt64 { high ^ (low &* 0x9E37_79B9_7F4A_7C15) }
}

/// A short id's first 32 bits (`ShortIDs`): random already.
extension UInt64: MixedKey {
    var mixedBits: UInt64 { self }
}
