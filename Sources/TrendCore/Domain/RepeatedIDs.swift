/// Whether a list of ids holds one twice: every read of the data file
/// asks it of every record (SPEC §1: ids are unique within and across the
/// kinds).
///
/// A hash set of a long history's ids misses the cache on nearly every
/// insert, and sorting them is not much cheaper, so each id
/// first marks a bit, chosen by its hash, in a bitmap small enough to stay
/// in the cache: only the ids whose bit another id marked too (a few in a
/// hundred, for ids spread as trend's random ones are) are compared exactly.
/// Ids that crowd into few bits only make that second, exact pass longer.
enum RepeatedIDs {
    static func any(_ ids: [RecordID]) -> Bool {
        // Sixteen bits an id: about one id in sixteen shares its bit.
        var bitCount = 1024
        while bitCount < ids.count * 16 { bitCount *= 2 }
        var once = [UInt64](repeating: 0, count: bitCount / 64)
        var twice = once
        func bit(_ id: RecordID) -> (word: Int, mask: UInt64) {
            let hash = (id.high ^ (id.low &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
            let index = Int(truncatingIfNeeded: hash >> 32) & (bitCount - 1)
            return (index >> 6, 1 << UInt64(index & 63))
        }
        var shared = false
        for id in ids {
            let (word, mask) = bit(id)
            if once[word] & mask != 0 {
                twice[word] |= mask
                shared = true
            } else {
                once[word] |= mask
            }
        }
        guard shared else { return false }
        var seen = Set<RecordID>()
        for id in ids {
            let (word, mask) = bit(id)
            if twice[word] & mask != 0, !seen.insert(id).inserted { return true }
        }
        return false
    }
}
