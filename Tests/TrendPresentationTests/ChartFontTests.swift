import Foundation
import Testing
import TestSupport
import TrendCore
@testable import TrendPresentation

/// The chart font (SPEC §17): the built-in bytes are the subset files kept
/// with their licence; the TrueType reader gives what an independent reader
/// (fontTools, `Golden/fonts/dejavu-outlines.json`) gives for every glyph;
/// the rasteriser fills outlines by their exact area; and every glyph the
/// charts use renders as in the reference pictures (looked at, and kept in
/// `Golden/fonts`). `TREND_UPDATE_GOLDENS=1` rewrites the pictures after a
/// reviewed change.
@Suite("Chart font")
struct ChartFontTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/fonts")
    static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TrendPresentation/Fonts")

    struct Reference: Decodable {
        struct Glyph: Decodable {
            let character: UInt32
            let advance: Double
            let area: Double
            let bounds: [Double]?
        }

        let unitsPerEm: Double
        let ascender: Double
        let descender: Double
        let glyphs: [Glyph]
        let kerning: [[Int]]
    }

    static func reference() throws -> [String: Reference] {
        try JSONDecoder().decode([String: Reference].self, from: Data(contentsOf: golden.appendingPathComponent("dejavu-outlines.json")))
    }

    @Test("the built-in fonts are the subset files in the repository, with the licence beside them", arguments: [("regular", "DejaVuSans-trend.ttf"), ("bold", "DejaVuSans-Bold-trend.ttf")])
    func builtIn(face: String, file: String) throws {
        let text = face == "regular" ? FontData.regular : FontData.bold
        let bytes = try #require(ChartFont.bytes(text))
        #expect(bytes == Array(try Data(contentsOf: Self.fonts.appendingPathComponent(file))))
        let licence = try String(contentsOf: Self.fonts.appendingPathComponent("LICENSE-DejaVu.txt"), encoding: .utf8)
        #expect(licence.contains("Bitstream Vera") && licence.contains("Permission is hereby granted"))
    }

    /// Twice the signed area inside a contour, exactly (a quadratic adds a
    /// third of its control triangle to its chord).
    static func area(_ contours: [GlyphOutline.Contour]) -> Double {
        func cross(_ a: GlyphOutline.Point, _ b: GlyphOutline.Point) -> Double { a.x * b.y - a.y * b.x }
        var sum = 0.0
        for contour in contours {
            for segment in contour.segments {
                switch segment {
                case .line(let a, let b): sum += cross(a, b) / 2
                case .curve(let a, let c, let b): sum += cross(a, b) / 2 + (cross(a, c) + cross(c, b) - cross(a, b)) / 3
                }
            }
        }
        return sum
    }

    @Test("every glyph's advance, area and bounds, every kerning pair and the metrics are as fontTools reads them", arguments: ["regular", "bold"])
    func matchesReference(face: String) throws {
        let reference = try #require(try Self.reference()[face])
        let font = face == "regular" ? ChartFont.regular : ChartFont.bold
        #expect(font.unitsPerEm == reference.unitsPerEm && font.ascender == reference.ascender && font.descender == reference.descender)
        #expect(reference.glyphs.count == 211)
        for expected in reference.glyphs {
            let scalar = try #require(Unicode.Scalar(expected.character))
            #expect(font.hasGlyph(for: scalar), "U+\(String(expected.character, radix: 16))")
            let glyph = font.glyph(for: scalar)
            #expect(font.advance(glyph) == expected.advance)
            let contours = try font.outline(glyph)
            #expect(abs(Self.area(contours) - expected.area) <= 0.01 + abs(expected.area) * 1e-9, "U+\(String(expected.character, radix: 16)) area")
            let points = contours.flatMap(\.segments).flatMap { segment -> [GlyphOutline.Point] in
                switch segment {
                case .line(let a, let b): [a, b]
                case .curve(let a, _, let b): [a, b]
                }
            }
            if let bounds = expected.bounds {
                // On-curve points never lie outside the bounds; the curves' extremes reach them.
                #expect(points.allSatisfy { $0.x >= bounds[0] - 0.5 && $0.y >= bounds[1] - 0.5 && $0.x <= bounds[2] + 0.5 && $0.y <= bounds[3] + 0.5 })
            } else {
                #expect(contours.isEmpty, "a space has no outline")
            }
        }
        for pair in reference.kerning {
            let left = font.glyph(for: try #require(Unicode.Scalar(UInt32(pair[0]))))
            let right = font.glyph(for: try #require(Unicode.Scalar(UInt32(pair[1]))))
            #expect(font.kerning(left, right) == Double(pair[2]))
        }
        #expect(reference.kerning.count > 500)
        // A character the subset leaves out draws the font's missing-glyph box.
        #expect(font.glyph(for: "€") == 0 && !font.hasGlyph(for: "€"))
        #expect(try !font.outline(0).isEmpty)
    }

    @Test("a damaged font is an error, never a crash: truncated anywhere, or bytes changed in its tables")
    func damaged() throws {
        let bytes = try #require(ChartFont.bytes(FontData.regular))
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            let cut = Int.random(in: 0..<bytes.count, using: &generator)
            if let font = try? TrueTypeFont(Array(bytes[..<cut])) {
                for scalar in "Ag0".unicodeScalars { _ = try? font.outline(font.glyph(for: scalar)) }
            }
            var changed = bytes
            for _ in 0..<8 { changed[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let font = try? TrueTypeFont(changed) {
                for glyph in 0..<font.glyphCount { _ = try? font.outline(glyph) }
            }
        }
        #expect(throws: TrueTypeFont.FontError.self) { try TrueTypeFont([]) }
        #expect(throws: TrueTypeFont.FontError.self) { try TrueTypeFont(Array(bytes[..<100])) }
    }

    @Test("coverage is exact area: a square's inside is 1 and its half-covered edges 0.5; a disc's total is πr²; a hole is empty")
    func coverage() {
        typealias P = GlyphOutline.Point
        func fill(_ contours: [[P]], width: Int = 12, height: Int = 12) -> [Float] {
            var raster = CoverageRaster(width: width, height: height)
            for points in contours {
                for (a, b) in zip(points, points.dropFirst() + [points[0]]) { raster.line(a, b) }
            }
            return raster.coverage()
        }
        let square = fill([[P(x: 2, y: 2.5), P(x: 6, y: 2.5), P(x: 6, y: 6), P(x: 2, y: 6)]])
        #expect(square[4 * 12 + 4] == 1)
        #expect(abs(square[2 * 12 + 4] - 0.5) < 1e-6, "the row the edge halves")
        #expect(square[16] == 0 && square[55] == 0, "above the square, right of it")
        let squareArea: Float = square.reduce(0, +)
        #expect(abs(squareArea - 14) < 1e-4, "4 × 3.5 pixels")
        // Either direction of drawing fills the same.
        #expect(fill([[P(x: 2, y: 6), P(x: 6, y: 6), P(x: 6, y: 2.5), P(x: 2, y: 2.5)]]) == square)
        // A hole: the inner square drawn the other way round is not filled.
        let framed = fill([[P(x: 1, y: 1), P(x: 9, y: 1), P(x: 9, y: 9), P(x: 1, y: 9)], [P(x: 3, y: 3), P(x: 3, y: 7), P(x: 7, y: 7), P(x: 7, y: 3)]])
        #expect(framed[5 * 12 + 5] == 0 && framed[2 * 12 + 2] == 1)
        let framedArea: Float = framed.reduce(0, +)
        #expect(abs(framedArea - 48) < 1e-4)
        // A disc of radius 20 from 720 short edges.
        let disc = (0..<720).map { i -> P in
            let angle = Double(i) / 720 * 2 * Double.pi
            return P(x: 25.3 + 20 * cos(angle), y: 24.7 + 20 * sin(angle))
        }
        let total = Double(fill([disc], width: 52, height: 52).reduce(0, +))
        #expect(abs(total - Double.pi * 400) / (Double.pi * 400) < 0.001)
    }

    /// Every character of both faces in rows of 16, each in a 24 × 28 cell,
    /// at 18 px: the picture a reference is compared with.
    static func atlas(bold: Bool) -> (width: Int, height: Int, gray: [UInt8]) {
        let style = TextStyle(size: 18, bold: bold)
        let characters = (try? reference())?[bold ? "bold" : "regular"]?.glyphs.map(\.character) ?? []
        let columns = 16
        let width = columns * 24
        let height = (characters.count + columns - 1) / columns * 28
        var raster = Raster(width: width, height: height, background: Raster.Color(hex: "#ffffff"))
        for (index, character) in characters.enumerated() {
            let text = String(Character(Unicode.Scalar(character)!))
            let x = Double(index % columns * 24) + 4
            let baseline = Double(index / columns * 28) + 21
            if let mask = raster.textMask(text, style: style, x: x, baseline: baseline) { raster.paint(mask, Raster.Color(hex: "#000000")) }
        }
        let rgba = raster.rgba
        return (width, height, stride(from: 0, to: rgba.count, by: 4).map { rgba[$0] })
    }

    @Test("every glyph the charts use renders as its reference picture", arguments: [false, true])
    func references(bold: Bool) throws {
        let atlas = Self.atlas(bold: bold)
        let file = Self.golden.appendingPathComponent(bold ? "glyphs-bold.png" : "glyphs-regular.png")
        if ProcessInfo.processInfo.environment["TREND_UPDATE_GOLDENS"] == "1" {
            let rgba = atlas.gray.flatMap { value -> [UInt8] in [value, value, value, 255] }
            try Data(try PNGImage.encode(width: atlas.width, height: atlas.height, rgba: rgba)).write(to: file)
        }
        let reference = try DecodedPNG(Array(try Data(contentsOf: file)))
        #expect(reference.width == atlas.width && reference.height == atlas.height)
        var worst = 0
        var inked = 0
        for (i, value) in atlas.gray.enumerated() {
            worst = max(worst, abs(Int(value) - Int(reference.pixels[i * 4])))
            if value < 128 { inked += 1 }
        }
        // The same up to rounding: another machine's floating point may differ in the last bit.
        #expect(worst <= 2, "a pixel differs by \(worst)")
        #expect(inked > 5_000, "the glyphs are drawn")
    }

    @Test("text is measured as it is drawn: the width is the advances and kerning, and the ink stays inside it")
    func measuredAsDrawn() throws {
        let style = TextStyle(size: 24)
        let reference = try #require(try Self.reference()["regular"])
        let advance = { (c: Character) in reference.glyphs.first { $0.character == c.unicodeScalars.first!.value }!.advance }
        let kerning = reference.kerning.first { $0[0] == 65 && $0[1] == 86 }.map { Double($0[2]) } ?? 0
        #expect(abs(style.width("AV") - (advance("A") + advance("V") + kerning) * 24 / 2048) < 1e-9)
        #expect(kerning < 0, "A and V are kerned closer")
        let raster = Raster(width: 200, height: 40, background: Raster.Color(hex: "#ffffff"))
        let mask = try #require(raster.textMask("goal 80.0 kg", style: style, x: 10, baseline: 30))
        let width = style.width("goal 80.0 kg")
        for row in 0..<mask.height {
            for column in 0..<mask.width where mask.values[row * mask.width + column] > 0.01 {
                let x = Double(mask.x0 + column)
                #expect(x >= 9 && x <= 10 + width + 1)
                let y = Double(mask.y0 + row)
                #expect(y >= 30 - style.ascent - 1 && y <= 30 + style.descent + 1)
            }
        }
    }
}
