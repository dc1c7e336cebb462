#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TrendCore

/// The progress report as a complete mail (SPEC §8; RFC 5322, RFC 2045,
/// RFC 2387): `multipart/related` holding a `multipart/alternative` (the
/// text report, then the HTML page whose chart is `cid:` the PNG) and the
/// PNG itself, so every mail program shows the chart. `From:` is left to
/// the mail program (`sendmail -t` fills it in). `Date:`, `Message-ID:`
/// and the boundaries come from the clock and the content: the same data
/// and clock give the same bytes.
public struct MailMessage {
    enum Failure: Error, Equatable {
        /// A header value that would end the header or start another.
        case unsafeHeader(name: String)
    }

    let to: MailRecipients?
    let subject: String
    let date: Timestamp
    let text: String
    let html: String
    let png: [UInt8]
    let contentID: String
    /// The other series' charts (SPEC §8): each a PNG the page names by its content ID.
    var moreImages: [(png: [UInt8], contentID: String, name: String)] = []

    /// Something in `value` would let it become more than one header line.
    public static func isSafeHeaderValue(_ value: String) -> Bool {
        !value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// `Weight: 80.6 kg, −0.2 kg/week (1 Dec 2026)`.
    static func defaultSubject(_ report: ProgressReport, unit: WeightUnit) -> String {
        var subject = "Weight"
        if let trend = report.trendKilograms {
            subject += ": " + unit.format(kilograms: trend)
            if let rate = report.weeklyRateKilograms { subject += ", " + unit.formatChange(kilograms: rate).replacing("-", with: "\u{2212}") + "/week" }
        }
        return subject + " (\(EntryRendering.longDate(report.to)))"
    }

    /// The content ID the HTML names the chart by: from the picture, so the same chart has the same name.
    static func contentID(png: [UInt8]) -> String {
        "chart-\(digest(png))@trend"
    }

    func rendered() throws(Failure) -> String {
        if let to, !to.words.allSatisfy(Self.isSafeHeaderValue) { throw .unsafeHeader(name: "To") }
        guard Self.isSafeHeaderValue(subject) else { throw .unsafeHeader(name: "Subject") }
        let digest = Self.digest(Array(text.utf8) + Array(html.utf8) + png + moreImages.flatMap(\.png))
        let related = "trend-related-" + digest
        let alternative = "trend-alternative-" + digest
        var mail = ""
        if let to { mail += Self.folded("To: ", to.words) }
        mail += Self.header("Subject", subject)
        mail += "Date: \(Self.rfc5322(date))\n"
        mail += "Message-ID: <\(Self.compact(date)).\(digest)@trend>\n"
        mail += "MIME-Version: 1.0\n"
        mail += "Content-Type: multipart/related; type=\"multipart/alternative\";\n boundary=\"\(related)\"\n"
        mail += "\nThis is a message in MIME format: the progress report with its chart.\n"
        mail += "\n--\(related)\n"
        mail += "Content-Type: multipart/alternative;\n boundary=\"\(alternative)\"\n"
        mail += "\n--\(alternative)\n"
        mail += "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
        mail += Self.base64(Array(text.utf8))
        mail += "\n--\(alternative)\n"
        mail += "Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
        mail += Self.base64(Array(html.utf8))
        mail += "\n--\(alternative)--\n"
        for image in [(png: png, contentID: contentID, name: "progress.png")] + moreImages {
            mail += "\n--\(related)\n"
            // A picture's name is a series' (up to 32 characters): folded like every header that may be long.
            mail += Self.folded("Content-Type: ", ["image/png;", "name=\"\(image.name)\""]) + "Content-Transfer-Encoding: base64\n"
            mail += "Content-ID: <\(image.contentID)>\n" + Self.folded("Content-Disposition: ", ["inline;", "filename=\"\(image.name)\""]) + "\n"
            mail += Self.base64(image.png)
        }
        mail += "\n--\(related)--\n"
        return mail
    }

    /// Base64 in lines of 76 characters (RFC 2045), each ending in a newline.
    static func base64(_ bytes: [UInt8]) -> String {
        let encoded = Data(bytes).base64EncodedString()
        var out = ""
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let end = encoded.index(index, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            out += encoded[index..<end] + "\n"
            index = end
        }
        return out
    }

    /// The longest header line RFC 5322 §2.1.1 recommends, line break excluded.
    static let lineLimit = 78

    /// `Name: value` folded into lines of at most 78 characters (RFC 5322
    /// §2.2.3): plain ASCII is folded at its spaces; text that is not ASCII,
    /// or a word too long for one line, goes as RFC 2047 encoded words,
    /// which can be broken anywhere. `value` may already hold encoded words.
    static func header(_ name: String, _ value: String) -> String {
        let lead = name + ": "
        if value.unicodeScalars.allSatisfy(\.isASCII), let folded = foldedAtSpaces(value, lead: lead) { return folded }
        return lead + encodedWords(value, firstLineRoom: lineLimit - lead.count) + "\n"
    }

    /// `lead` and `words` separated by spaces, a new line (starting with a
    /// space, RFC 5322 §2.2.3) before a word that would take a line past 78
    /// characters. A word is never broken: the callers' words are at most an
    /// address (254 characters, SMTP's limit) or an encoded word, so no line
    /// comes near RFC 5322's 998.
    static func folded(_ lead: String, _ words: [String]) -> String {
        var lines: [String] = []
        var line = lead
        for word in words {
            if line == lead || line == " " {
                line += word
            } else if line.count + 1 + word.count > lineLimit {
                lines.append(line)
                line = " " + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why `text` (`ana@example.com`, `Ana Müller <ana@example.com>`) cannot
    /// be a To: sendmail delivers; nil when it can. The address itself must
    /// be ASCII (an SMTPUTF8 address needs a mailer that says it takes one)
    /// and within SMTP's 254 characters; a display name may be any text.
    static func addressProblem(_ text: String) -> String? {
        var address = text
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") { address = String(text[text.index(after: open)..<text.index(before: text.endIndex)]) }
        guard address.unicodeScalars.allSatisfy(\.isASCII) else {
            return "the address must be ASCII (sendmail -t cannot deliver to one that is not); write it as its mail server spells it"
        }
        guard !address.isEmpty else { return "an address is missing" }
        guard address.utf8.count <= 254 else { return "an address is at most 254 characters" }
        return nil
    }

    /// ASCII folded at its spaces, or nil when a word would not fit on a line.
    private static func foldedAtSpaces(_ value: String, lead: String) -> String? {
        var lines: [String] = []
        var line = lead
        for word in value.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line == lead ? line + word : line + " " + word
            if candidate.count > lineLimit && line != lead && line != " " {
                lines.append(line)
                line = " " + word
            } else {
                line = candidate
            }
            if line.count > lineLimit { return nil }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 2047 encoded words (UTF-8, base64), one a line after the first,
    /// never splitting a character, and split after a space where the text
    /// has one (the space stays inside the word before: a reader joins
    /// adjacent encoded words without the space between them).
    static func encodedWords(_ text: String, firstLineRoom: Int = 60) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        // 39 bytes make 52 characters of base64, 64 with the markers: a line with its leading space.
        var room = min(39, max(6, (firstLineRoom - 12) / 4 * 3))
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > room, !chunk.isEmpty {
                // Back to just after the last space, when there is one in the second half of the word.
                var end = chunk.count
                if let space = chunk.lastIndex(of: 0x20), space + 1 < chunk.count, space + 1 >= chunk.count / 2 { end = space + 1 }
                words.append("=?UTF-8?B?" + Data(chunk[..<end]).base64EncodedString() + "?=")
                chunk = Array(chunk[end...])
                room = 39
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words.joined(separator: "\n ")
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Mon, 30 Nov 2026 12:00:00 +0000`.
    static func rfc5322(_ time: Timestamp) -> String {
        let day = time.day
        let offset = time.utcOffsetSeconds / 60
        let sign = offset < 0 ? "-" : "+"
        let zone = sign + pad(abs(offset) / 60) + pad(abs(offset) % 60)
        return "\(weekdays[day.weekdayFromMonday]), \(day.day) \(months[day.month - 1]) \(day.year) \(time.clock(seconds: true)) \(zone)"
    }

    /// `20261130T120000Z`.
    static func compact(_ time: Timestamp) -> String {
        let utc = Timestamp(epochSeconds: time.epochSeconds, utcOffsetSeconds: 0)
        return utc.day.description.replacing("-", with: "") + "T" + utc.clock(seconds: true).replacing(":", with: "") + "Z"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// FNV-1a, 64 bits, in hex: a stable name for this content (not a secret).
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
