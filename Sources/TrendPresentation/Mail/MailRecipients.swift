#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The recipients `--to` names (RFC 5322 §3.4): a list of mailboxes
/// separated by commas outside quotes, angle brackets and comments, so
/// `ana@example.com, Jörg Müller <jm@example.com>` is two recipients, and
/// `"Müller, Jörg" <jm@example.com>` one. Each display name is written on
/// its own: quoted when it holds a special character, as RFC 2047 encoded
/// words when it is not ASCII or holds a word too long for a line.
public struct MailRecipients: Equatable {
    struct Mailbox: Equatable {
        /// The display name as a person reads it (quotes and escapes taken away); nil without one.
        let name: String?
        /// The address as given (`ana@example.com`), without angle brackets.
        let address: String
    }

    let mailboxes: [Mailbox]

    /// The most recipients one `--to` may name.
    public static let most = 100

    enum Problem: Error, Equatable {
        case unbalanced
        case empty
        case tooMany
        case address(String, String)
    }

    /// The mailboxes of `text`, each checked as `sendmail -t` needs it.
    init(parsing text: String) throws(Problem) {
        var parts: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        var angles = 0
        var comments = 0
        for character in text {
            if escaped {
                escaped = false
            } else if character == "\\" && (inQuotes || comments > 0) {
                escaped = true
            } else if character == "\"" && comments == 0 {
                inQuotes.toggle()
            } else if !inQuotes {
                switch character {
                case "<": angles += 1
                case ">": angles -= 1
                case "(": comments += 1
                case ")": comments -= 1
                case "," where angles == 0 && comments == 0:
                    parts.append(current)
                    current = ""
                    continue
                default: break
                }
                if angles < 0 || comments < 0 || angles > 1 { throw .unbalanced }
            }
            current.append(character)
        }
        guard !inQuotes, !escaped, angles == 0, comments == 0 else { throw .unbalanced }
        parts.append(current)
        // A comma at the end, or two together, names nobody: left out.
        let given = parts.map(\.trimmed).filter { !$0.isEmpty }
        guard !given.isEmpty else { throw .empty }
        guard given.count <= Self.most else { throw .tooMany }
        mailboxes = try given.map { part throws(Problem) in
            let mailbox = Self.mailbox(part)
            if let problem = MailMessage.addressProblem(mailbox.address) { throw .address(part, problem) }
            return mailbox
        }
    }

    /// `Name <address>` or a bare address.
    private static func mailbox(_ text: String) -> Mailbox {
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else { return Mailbox(name: nil, address: text) }
        let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmed
        var name = String(text[..<open]).trimmed
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            var unquoted = ""
            var escaped = false
            for character in name.dropFirst().dropLast() {
                if !escaped && character == "\\" { escaped = true; continue }
                escaped = false
                unquoted.append(character)
            }
            name = unquoted
        }
        return Mailbox(name: name.isEmpty ? nil : name, address: address)
    }

    /// What RFC 5322 lets stand in a display name unquoted (atext and spaces).
    private static func isAtomText(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || scalar == " " || "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
    }

    /// The header's words, each kept whole on a line: a display name's
    /// words (or encoded words), the address in angle brackets, a comma
    /// after every mailbox but the last.
    var words: [String] {
        var words: [String] = []
        for (index, mailbox) in mailboxes.enumerated() {
            var mailboxWords: [String] = []
            if let name = mailbox.name {
                let ascii = name.unicodeScalars.allSatisfy(\.isASCII)
                let spaced = name.split(separator: " ").map(String.init)
                // A word too long to fold, or text that is not ASCII, goes as encoded words, which break anywhere.
                if !ascii || spaced.contains(where: { $0.count > MailMessage.lineLimit - 2 }) {
                    mailboxWords += MailMessage.encodedWords(name).components(separatedBy: "\n ")
                } else if name.unicodeScalars.allSatisfy(Self.isAtomText) {
                    mailboxWords += spaced
                } else {
                    let quoted = spaced.map { $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") }
                    mailboxWords += quoted.indices.map { i in (i == 0 ? "\"" : "") + quoted[i] + (i == quoted.count - 1 ? "\"" : "") }
                }
                mailboxWords.append("<" + mailbox.address + ">")
            } else {
                mailboxWords.append(mailbox.address)
            }
            if index < mailboxes.count - 1 { mailboxWords[mailboxWords.count - 1] += "," }
            words += mailboxWords
        }
        return words
    }
}
