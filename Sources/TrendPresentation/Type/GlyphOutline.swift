/// A glyph's outline: closed contours of straight lines and quadratic
/// curves, as TrueType draws them.
enum GlyphOutline {
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    enum Segment: Equatable {
        case line(Point, Point)
        /// From, control, to.
        case curve(Point, Point, Point)
    }

    struct Contour: Equatable {
        var segments: [Segment]

        func transformed(_ transform: (Point) -> Point) -> Contour {
            Contour(segments: segments.map { segment in
                switch segment {
                case .line(let a, let b): .line(transform(a), transform(b))
                case .curve(let a, let c, let b): .curve(transform(a), transform(c), transform(b))
                }
            })
        }
    }

    /// A simple glyph's contours from its data after the bounding box: the
    /// contour ends, the (skipped) instructions, then flags and coordinates.
    static func simple(_ reader: inout FontReader, at start: Int, contours count: Int) throws(TrueTypeFont.FontError) -> [Contour] {
        guard count > 0 else { return [] }
        var ends: [Int] = []
        for i in 0..<count {
            let end = try reader.u16(at: start + 2 * i)
            guard end >= (ends.last.map { $0 + 1 } ?? 0) else { throw .damaged("contour ends") }
            ends.append(end)
        }
        let pointCount = ends[count - 1] + 1
        let instructions = try reader.u16(at: start + 2 * count)
        var at = start + 2 * count + 2 + instructions
        // Flags, each perhaps repeated.
        var flags: [UInt8] = []
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            let flag = UInt8(try reader.u8(at: at))
            at += 1
            flags.append(flag)
            if flag & 0x08 != 0 {
                let repeats = try reader.u8(at: at)
                at += 1
                for _ in 0..<repeats where flags.count < pointCount { flags.append(flag) }
            }
        }
        // Coordinates, each relative to the last: a byte with its sign in the flag, a word, or the same.
        func coordinates(short: UInt8, same: UInt8) throws(TrueTypeFont.FontError) -> [Double] {
            var values: [Double] = []
            values.reserveCapacity(pointCount)
            var value = 0
            for flag in flags {
                if flag & short != 0 {
                    let delta = try reader.u8(at: at)
                    at += 1
                    value += flag & same != 0 ? delta : -delta
                } else if flag & same == 0 {
                    value += try reader.i16(at: at)
                    at += 2
                }
                values.append(Double(value))
            }
            return values
        }
        let xs = try coordinates(short: 0x02, same: 0x10)
        let ys = try coordinates(short: 0x04, same: 0x20)
        var contours: [Contour] = []
        var first = 0
        for end in ends {
            let points = (first...end).map { (Point(x: xs[$0], y: ys[$0]), flags[$0] & 0x01 != 0) }
            contours.append(contour(points))
            first = end + 1
        }
        return contours
    }

    /// Segments from on- and off-curve points: two off-curve points in a row
    /// have an on-curve point halfway between them.
    static func contour(_ points: [(Point, onCurve: Bool)]) -> Contour {
        guard !points.isEmpty else { return Contour(segments: []) }
        func middle(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        // Start on a point on the curve (or between two that are not).
        let startIndex = points.firstIndex { $0.onCurve }
        let start: Point
        let rotated: [(Point, onCurve: Bool)]
        if let startIndex {
            start = points[startIndex].0
            rotated = Array(points[(startIndex + 1)...] + points[..<startIndex])
        } else {
            start = middle(points[points.count - 1].0, points[0].0)
            rotated = points
        }
        var segments: [Segment] = []
        var current = start
        var control: Point?
        for (point, onCurve) in rotated + [(start, true)] {
            if onCurve {
                if let pending = control {
                    segments.append(.curve(current, pending, point))
                    control = nil
                } else if point != current {
                    segments.append(.line(current, point))
                }
                current = point
            } else if let pending = control {
                let between = middle(pending, point)
                segments.append(.curve(current, pending, between))
                current = between
                control = point
            } else {
                control = point
            }
        }
        return Contour(segments: segments)
    }
}
