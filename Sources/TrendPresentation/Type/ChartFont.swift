#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The charts' typeface (SPEC §17): DejaVu Sans, regular and bold, built
/// into the binary (`FontData`), so a PNG looks the same on every machine.
enum ChartFont {
    static let regular = load(FontData.regular, "regular")
    static let bold = load(FontData.bold, "bold")

    /// A built-in face's bytes, from the base64 text it is kept in (line breaks in it ignored).
    static func bytes(_ base64: String) -> [UInt8]? {
        Data(base64Encoded: base64, options: .ignoreUnknownCharacters).map { Array($0) }
    }

    /// The built-in bytes cannot be wrong without a test failing (it reads
    /// both faces and every glyph), so a failure here is a build's fault.
    private static func load(_ base64: String, _ name: String) -> TrueTypeFont {
        guard let bytes = bytes(base64) else { preconditionFailure("the built-in \(name) chart font is not base64") }
        do {
            return try TrueTypeFont(bytes)
        } catch {
            preconditionFailure("the built-in \(name) chart font cannot be read: \(error)")
        }
    }
}

/// Text set in one face at one size: how wide it is and where its glyphs go.
struct TextStyle: Sendable {
    let font: TrueTypeFont
    /// The em size in pixels (what CSS calls font-size).
    let size: Double

    init(size: Double, bold: Bool = false) {
        font = bold ? ChartFont.bold : ChartFont.regular
        self.size = size
    }

    var scale: Double { size / font.unitsPerEm }
    /// Pixels above and below the baseline.
    var ascent: Double { font.ascender * scale }
    var descent: Double { -font.descender * scale }

    /// Each glyph with its pen position from the start, in pixels.
    func glyphs(_ text: String) -> [(glyph: Int, x: Double)] {
        var placed: [(Int, Double)] = []
        var pen = 0.0
        var previous: Int?
        for scalar in text.unicodeScalars {
            let glyph = font.glyph(for: scalar)
            if let previous { pen += font.kerning(previous, glyph) * scale }
            placed.append((glyph, pen))
            pen += font.advance(glyph) * scale
            previous = glyph
        }
        return placed
    }

    func width(_ text: String) -> Double {
        guard let last = glyphs(text).last else { return 0 }
        return last.x + font.advance(last.glyph) * scale
    }
}
