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
        // Sixteen bits a key: about one key in sixteen shares its bit.
        var bitCount = 1024
        while bitCount < count * 16 { bitCount *= 2 }
        var once = [UInt64](repeating: 0, count: bitCount / 64)
        var twice = once
        func bit(_ key: Key) -> (word: Int, mask: UInt64) {
            let hash = key.mixedBits &* 0xBF58_476D_1CE4_E5B9
            let index = Int(truncatingIfNeeded: hash >> 32) & (bitCount - 1)
            return (index >> 6, 1 << UInt64(index & 63))
        }
        var shared = false
        walk { key in
            let (word, mask) = bit(key)
            if once[word] & mask != 0 {
                twice[word] |= mask
                shared = true
            } else {
                once[word] |= mask
            }
        }
        guard shared else { return [] }
        var seen = Set<Key>()
        var found = Set<Key>()
        walk { key in
            let (word, mask) = bit(key)
            guard !(firstOnly && !found.isEmpty), twice[word] & mask != 0, !seen.insert(key).inserted else { return }
            found.insert(key)
        }
        return found
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
