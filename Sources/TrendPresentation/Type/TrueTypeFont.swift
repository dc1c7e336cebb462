/// A TrueType font read from its bytes (SPEC §17): what the chart text needs
/// of it and nothing more: the character map, advance widths, kerning pairs
/// and each glyph's outline as quadratic curves. Every read is checked
/// against the data, so a damaged font is an error, never a crash.
struct TrueTypeFont: Sendable {
    enum FontError: Error, Equatable {
        case damaged(String)
    }

    /// Font units per em: the outlines' and metrics' scale.
    let unitsPerEm: Double
    /// Above and below the baseline, in font units (the descender negative).
    let ascender: Double
    let descender: Double

    private let data: [UInt8]
    private let glyf: Range<Int>
    /// Where each glyph's outline starts in `glyf`, and one more for the end.
    private let locations: [Int]
    private let advances: [UInt16]
    private let characterMap: [UInt32: UInt16]
    private let kerningPairs: [UInt32: Int16]

    init(_ data: [UInt8]) throws(FontError) {
        self.data = data
        var reader = FontReader(data: data)
        let tableCount = try reader.u16(at: 4)
        var tables: [String: Range<Int>] = [:]
        for i in 0..<tableCount {
            let entry = 12 + 16 * i
            let tag = String(decoding: try reader.bytes(entry..<(entry + 4)), as: UTF8.self)
            let offset = try reader.u32(at: entry + 8)
            let length = try reader.u32(at: entry + 12)
            guard offset + length <= data.count else { throw .damaged("the \(tag) table lies past the end") }
            tables[tag] = offset..<(offset + length)
        }
        func table(_ tag: String) throws(FontError) -> Range<Int> {
            guard let range = tables[tag] else { throw .damaged("no \(tag) table") }
            return range
        }
        let head = try table("head").lowerBound
        unitsPerEm = Double(try reader.u16(at: head + 18))
        guard unitsPerEm >= 16 else { throw .damaged("units per em") }
        let longLocations = try reader.i16(at: head + 50) == 1
        let hhea = try table("hhea").lowerBound
        ascender = Double(try reader.i16(at: hhea + 4))
        descender = Double(try reader.i16(at: hhea + 6))
        let metricCount = try reader.u16(at: hhea + 34)
        let glyphCount = try reader.u16(at: try table("maxp").lowerBound + 4)
        guard metricCount >= 1, metricCount <= glyphCount else { throw .damaged("metrics") }

        let hmtx = try table("hmtx").lowerBound
        var advances: [UInt16] = []
        for glyph in 0..<glyphCount { advances.append(UInt16(try reader.u16(at: hmtx + 4 * min(glyph, metricCount - 1)))) }
        self.advances = advances

        glyf = try table("glyf")
        let loca = try table("loca").lowerBound
        var locations: [Int] = []
        for glyph in 0...glyphCount {
            let location = longLocations ? try reader.u32(at: loca + 4 * glyph) : 2 * (try reader.u16(at: loca + 2 * glyph))
            guard location <= glyf.count, location >= (locations.last ?? 0) else { throw .damaged("glyph locations") }
            locations.append(location)
        }
        self.locations = locations

        characterMap = try Self.characterMap(&reader, table("cmap"), glyphCount: glyphCount)
        kerningPairs = tables["kern"].map { (try? Self.kerning(&reader, $0)) ?? [:] } ?? [:]
    }

    var glyphCount: Int { advances.count }

    /// The glyph of `scalar`; 0 (the font's missing-glyph box) when there is none.
    func glyph(for scalar: Unicode.Scalar) -> Int {
        Int(characterMap[scalar.value] ?? 0)
    }

    func hasGlyph(for scalar: Unicode.Scalar) -> Bool { characterMap[scalar.value] != nil }

    /// Font units from this glyph's origin to the next's.
    func advance(_ glyph: Int) -> Double { Double(advances[glyph]) }

    /// Font units to add between `left` and `right` (negative: closer).
    func kerning(_ left: Int, _ right: Int) -> Double {
        Double(kerningPairs[UInt32(left) << 16 | UInt32(right)] ?? 0)
    }

    /// The glyph's outline in font units, y up: closed contours of lines and
    /// quadratic curves; components of a composite glyph placed and scaled.
    func outline(_ glyph: Int) throws(FontError) -> [GlyphOutline.Contour] {
        try outline(glyph, depth: 0)
    }

    private func outline(_ glyph: Int, depth: Int) throws(FontError) -> [GlyphOutline.Contour] {
        guard glyph >= 0, glyph < glyphCount, depth < 8 else { throw .damaged("glyph \(glyph)") }
        let start = glyf.lowerBound + locations[glyph]
        let end = glyf.lowerBound + locations[glyph + 1]
        guard end > start else { return [] }  // a space
        var reader = FontReader(data: data, limit: end)
        let contourCount = try reader.i16(at: start)
        if contourCount >= 0 {
            return try GlyphOutline.simple(&reader, at: start + 10, contours: contourCount)
        }
        var contours: [GlyphOutline.Contour] = []
        var at = start + 10
        while true {
            let flags = try reader.u16(at: at)
            let component = try reader.u16(at: at + 2)
            at += 4
            var dx = 0.0
            var dy = 0.0
            if flags & 0x0001 != 0 {
                dx = Double(try reader.i16(at: at))
                dy = Double(try reader.i16(at: at + 2))
                at += 4
            } else {
                dx = Double(Int8(truncatingIfNeeded: try reader.u8(at: at)))
                dy = Double(Int8(truncatingIfNeeded: try reader.u8(at: at + 1)))
                at += 2
            }
            // Offsets only (ARGS_ARE_XY_VALUES): matching points is for hinted fonts.
            if flags & 0x0002 == 0 { dx = 0; dy = 0 }
            var transform = (a: 1.0, b: 0.0, c: 0.0, d: 1.0)
            if flags & 0x0008 != 0 {
                let scale = try reader.f2dot14(at: at)
                transform = (scale, 0, 0, scale)
                at += 2
            } else if flags & 0x0040 != 0 {
                transform = (try reader.f2dot14(at: at), 0, 0, try reader.f2dot14(at: at + 2))
                at += 4
            } else if flags & 0x0080 != 0 {
                transform = (try reader.f2dot14(at: at), try reader.f2dot14(at: at + 2), try reader.f2dot14(at: at + 4), try reader.f2dot14(at: at + 6))
                at += 8
            }
            for contour in try outline(component, depth: depth + 1) {
                contours.append(contour.transformed { point in
                    GlyphOutline.Point(x: transform.a * point.x + transform.c * point.y + dx, y: transform.b * point.x + transform.d * point.y + dy)
                })
            }
            if flags & 0x0020 == 0 { return contours }
        }
    }

    /// Unicode characters → glyphs, from the Windows Unicode subtable (format 4 or 12).
    private static func characterMap(_ reader: inout FontReader, _ cmap: Range<Int>, glyphCount: Int) throws(FontError) -> [UInt32: UInt16] {
        let count = try reader.u16(at: cmap.lowerBound + 2)
        var best: (offset: Int, format: Int)?
        for i in 0..<count {
            let entry = cmap.lowerBound + 4 + 8 * i
            let platform = try reader.u16(at: entry)
            let encoding = try reader.u16(at: entry + 2)
            let offset = cmap.lowerBound + (try reader.u32(at: entry + 4))
            let format = try reader.u16(at: offset)
            if platform == 3 && (encoding == 1 || encoding == 10) && (format == 4 || format == 12) && (best == nil || format == 12) {
                best = (offset, format)
            }
        }
        guard let best else { throw .damaged("no Unicode character map") }
        var map: [UInt32: UInt16] = [:]
        if best.format == 12 {
            let groups = try reader.u32(at: best.offset + 12)
            for i in 0..<groups {
                let group = best.offset + 16 + 12 * i
                let first = try reader.u32(at: group)
                let last = try reader.u32(at: group + 4)
                let glyph = try reader.u32(at: group + 8)
                guard last >= first, last - first < 0x11_0000 else { throw .damaged("character map") }
                for c in first...last where glyph + c - first < glyphCount { map[UInt32(c)] = UInt16(glyph + c - first) }
            }
            return map
        }
        let segments = try reader.u16(at: best.offset + 6) / 2
        let ends = best.offset + 14
        let starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments
        let ranges = deltas + 2 * segments
        for s in 0..<segments {
            let end = try reader.u16(at: ends + 2 * s)
            let start = try reader.u16(at: starts + 2 * s)
            let delta = try reader.u16(at: deltas + 2 * s)
            let rangeOffset = try reader.u16(at: ranges + 2 * s)
            guard start <= end else { continue }
            for c in start...end where c != 0xFFFF {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (c + delta) & 0xFFFF
                } else {
                    glyph = try reader.u16(at: ranges + 2 * s + rangeOffset + 2 * (c - start))
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                if glyph != 0 && glyph < glyphCount { map[UInt32(c)] = UInt16(glyph) }
            }
        }
        return map
    }

    /// The horizontal pairs of the `kern` table's format 0 subtables.
    private static func kerning(_ reader: inout FontReader, _ kern: Range<Int>) throws(FontError) -> [UInt32: Int16] {
        var pairs: [UInt32: Int16] = [:]
        let count = try reader.u16(at: kern.lowerBound + 2)
        var at = kern.lowerBound + 4
        for _ in 0..<count {
            let length = try reader.u16(at: at + 2)
            let coverage = try reader.u16(at: at + 4)
            if coverage >> 8 == 0 && coverage & 0x0007 == 0x0001 {
                let n = try reader.u16(at: at + 6)
                for i in 0..<n {
                    let pair = at + 14 + 6 * i
                    pairs[UInt32(try reader.u16(at: pair)) << 16 | UInt32(try reader.u16(at: pair + 2))] = Int16(truncatingIfNeeded: try reader.u16(at: pair + 4))
                }
            }
            guard length > 0 else { break }
            at += length
        }
        return pairs
    }
}

/// Big-endian reads within the data (and a limit), each checked.
struct FontReader {
    let data: [UInt8]
    var limit: Int

    init(data: [UInt8], limit: Int? = nil) {
        self.data = data
        self.limit = min(limit ?? data.count, data.count)
    }

    func u8(at offset: Int) throws(TrueTypeFont.FontError) -> Int {
        guard offset >= 0, offset < limit else { throw .damaged("a read past the end at \(offset)") }
        return Int(data[offset])
    }

    func u16(at offset: Int) throws(TrueTypeFont.FontError) -> Int {
        guard offset >= 0, offset + 2 <= limit else { throw .damaged("a read past the end at \(offset)") }
        return Int(data[offset]) << 8 | Int(data[offset + 1])
    }

    func i16(at offset: Int) throws(TrueTypeFont.FontError) -> Int {
        Int(Int16(truncatingIfNeeded: try u16(at: offset)))
    }

    func u32(at offset: Int) throws(TrueTypeFont.FontError) -> Int {
        try u16(at: offset) << 16 | u16(at: offset + 2)
    }

    /// A signed 2.14 fixed-point number (a component's scale).
    func f2dot14(at offset: Int) throws(TrueTypeFont.FontError) -> Double {
        Double(try i16(at: offset)) / 16384
    }

    func bytes(_ range: Range<Int>) throws(TrueTypeFont.FontError) -> ArraySlice<UInt8> {
        guard range.lowerBound >= 0, range.upperBound <= limit else { throw .damaged("a read past the end at \(range.lowerBound)") }
        return data[range]
    }
}
