extension Array {
    /// Sorts in place, stably, in time linear in the length for an array
    /// nearly in order: a file in time order but for a few rows (rows of one
    /// second given new ids, the hour a clock sets back written twice in
    /// local time). Each element out of place moves back to where it
    /// belongs, which costs as many moves as elements it passes; an array
    /// further from order than one move an element on average is sorted
    /// whole instead. An array in order is only read, never copied.
    /// `inOrder` leading elements are known to be in order already (see
    /// `inOrderPrefix`): the check starts after them.
    mutating func sortNearlyOrdered(by areInIncreasingOrder: (Element, Element) -> Bool, inOrder: Int = 0) {
        // Read first, write only when needed: a mutating loop makes the array
        // unique before it starts, copying a million elements that a caller
        // still holds even when nothing moves.
        let first = inOrderPrefix(by: areInIncreasingOrder, from: inOrder)
        guard first < count else { return }
        let budget = count
        let inserted = withUnsafeMutableBufferPointer { buffer in
            var moves = 0
            for i in first..<buffer.count where areInIncreasingOrder(buffer[i], buffer[i - 1]) {
                var j = i
                repeat {
                    buffer.swapAt(j, j - 1)
                    j -= 1
                    moves += 1
                    if moves > budget { return false }
                } while j > 0 && areInIncreasingOrder(buffer[j], buffer[j - 1])
            }
            return true
        }
        // Still every element once, only partly in order: the sort finishes it.
        if !inserted { sort(by: areInIncreasingOrder) }
    }

    /// The elements in order (see `sortNearlyOrdered`): the same array, not
    /// a copy, when they are in order already.
    func sortedNearlyOrdered(by areInIncreasingOrder: (Element, Element) -> Bool, inOrder: Int = 0) -> [Element] {
        var ordered = self
        ordered.sortNearlyOrdered(by: areInIncreasingOrder, inOrder: inOrder)
        return ordered
    }

    /// How many leading elements are in order, checked from `start` on
    /// (those before it taken as in order).
    func inOrderPrefix(by areInIncreasingOrder: (Element, Element) -> Bool, from start: Int = 0) -> Int {
        var end = Swift.max(1, start)
        while end < count && !areInIncreasingOrder(self[end], self[end - 1]) { end += 1 }
        return Swift.min(end, count)
    }
}
