import Testing
@testable import TrendCore

#if canImport(Glibc)
import Glibc

@Suite("Mapping in an array's pages before writing them")
struct PrefaultTests {
    static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The whole pages of `array`'s storage after its first page, up to `count` elements.
    static func pages<Element>(of array: inout [Element], upTo count: Int) -> (UnsafeMutableRawPointer, Int) {
        array.withUnsafeMutableBufferPointer { buffer in
            let base = Int(bitPattern: buffer.baseAddress!)
            let start = (base + page - 1) / page * page + page
            let end = (base + count * MemoryLayout<Element>.stride) / page * page
            return (UnsafeMutableRawPointer(bitPattern: start)!, end - start)
        }
    }

    /// How many of the pages from `start` are in memory.
    static func resident(_ start: UnsafeMutableRawPointer, _ length: Int) -> Int {
        var vector = [UInt8](repeating: 0, count: length / page)
        guard mincore(start, length, &vector) == 0 else { return -1 }
        return vector.filter { $0 & 1 != 0 }.count
    }

    @Test("the reserved pages the elements will fill are in memory before a single write, and the array is unchanged")
    func residentBeforeWriting() throws {
        let count = 200_000  // 1.6 MB of Int: about 390 pages
        var array: [Int] = [1, 2, 3]
        array.reserveCapacity(count)
        let (start, length) = Self.pages(of: &array, upTo: count)
        // Given back first (they hold no element), so none is in memory whatever the heap reused.
        #expect(madvise(start, length, MADV_DONTNEED) == 0)
        #expect(Self.resident(start, length) == 0)
        guard Platform.prefault(&array, upTo: count) else {
            // A kernel older than 5.14: nothing was done and nothing changed.
            #expect(array == [1, 2, 3])
            return
        }
        #expect(Self.resident(start, length) == length / Self.page)
        #expect(array == [1, 2, 3])
        for i in 3..<count { array.append(i) }
        #expect(array.count == count && array[count - 1] == count - 1)
    }

    @Test("from a given element on, only the pages from there are mapped in")
    func fromTheMiddle() throws {
        let count = 200_000
        var array: [Int] = [1, 2, 3]
        array.reserveCapacity(count)
        let (start, length) = Self.pages(of: &array, upTo: count)
        #expect(madvise(start, length, MADV_DONTNEED) == 0)
        guard Platform.prefault(&array, from: count / 2, upTo: count) else { return }
        let half = length / 2 / Self.page * Self.page
        // The first half's pages (but the one the middle element shares) stay out; the second's are in.
        #expect(Self.resident(start, half - Self.page) == 0)
        #expect(Self.resident(start + half + Self.page, length - half - Self.page) == (length - half - Self.page) / Self.page)
    }

    @Test("a small reserve, or none, is left to fault as it is written")
    func smallLeftAlone() {
        var small: [Int] = []
        small.reserveCapacity(10)
        #expect(!Platform.prefault(&small, upTo: 10))
        var empty: [Int] = []
        #expect(!Platform.prefault(&empty, upTo: 1_000_000))
    }
}
#endif
