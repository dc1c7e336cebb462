/// The number that would stand at a place in a sorted copy of many, found
/// without sorting them all: the median of a million imported weights is
/// one pass or two over them, not a sort.
enum OrderStatistic {
    /// `values.sorted()[index]`. The values are numbers, never NaN.
    static func value(at index: Int, in values: [Double]) -> Double {
        precondition(values.indices.contains(index), "no value at \(index) among \(values.count)")
        var values = values
        return values.withUnsafeMutableBufferPointer { values in
            var low = 0
            var high = values.count - 1
            // Random pivots: a file cannot be written to make every one a bad pick.
            var generator = SystemRandomNumberGenerator()
            var rounds = 0
            while low < high {
                rounds += 1
                // Past any likely run of poor pivots, what is left is sorted.
                if rounds > 64 {
                    values[low...high].sort()
                    return values[index]
                }
                let pivot = values[Int.random(in: low...high, using: &generator)]
                // Three parts, below, equal to and above the pivot: weights
                // repeat (a tenth of a kilogram apart), and the equal part
                // ends the search as soon as the place falls in it.
                var below = low
                var next = low
                var above = high
                while next <= above {
                    if values[next] < pivot {
                        values.swapAt(below, next)
                        below += 1
                        next += 1
                    } else if values[next] > pivot {
                        values.swapAt(next, above)
                        above -= 1
                    } else {
                        next += 1
                    }
                }
                if index < below {
                    high = below - 1
                } else if index > above {
                    low = above + 1
                } else {
                    return pivot
                }
            }
            return values[index]
        }
    }
}
