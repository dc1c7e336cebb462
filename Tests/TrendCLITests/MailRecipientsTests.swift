import Foundation
import Testing
import TestSupport

/// Issue 67: `--to` is a list of mailboxes, split at commas outside quotes
/// and angle brackets, each display name written on its own; every header
/// line stays within RFC 5322's limits. Read back by Python's `email` package.
@Suite("Mail recipients")
struct MailRecipientsTests {
    static let python = Requirement.find("python3")

    /// What Python reads: each recipient's display name and address (the
    /// name also decoded as RFC 2047 says, joining adjacent encoded words),
    /// the parser's complaints, and the longest line.
    struct Read: Decodable {
        let addresses: [[String]]
        let names: [String]
        let defects: Int
        let longestLine: Int
    }

    func read(_ mail: String) throws -> Read {
        let directory = try TemporaryDirectory()
        try directory.write(mail, to: "mail.eml")
        let script = """
            import email, email.policy, email.utils, json, sys
            from email.header import decode_header, make_header
            raw = open(sys.argv[1], 'rb').read()
            m = email.message_from_bytes(raw, policy=email.policy.default)
            to = m['To']
            defects = len(m.defects) + sum(len(p.defects) for p in m.walk()) + len(to.defects)
            # The To: as sent, unfolded; each mailbox's phrase decoded by RFC 2047's rules.
            plain = email.message_from_bytes(raw, policy=email.policy.compat32)['To'].replace('\\n', '').replace('\\r', '')
            names = [str(make_header(decode_header(name))) for name, address in email.utils.getaddresses([plain])]
            print(json.dumps({'addresses': [[a.display_name, a.addr_spec] for a in to.addresses], 'names': names, 'defects': defects,
                              'longestLine': max(len(l) for l in raw.split(b'\\n'))}))
            """
        try directory.write(script, to: "read.py")
        let result = try TrendBinary(url: URL(fileURLWithPath: Self.python!)).run(
            [directory.file("read.py"), directory.file("mail.eml")], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Read.self, from: Data(result.stdout.utf8))
    }

    func mail(to: String) throws -> String {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        return try cli.ok("progress", "--format", "email", "--to", to).stdout
    }

    @Test("a list of mailboxes is every one a recipient, each name on its own", .enabled(if: python != nil, "needs python3"), arguments: [
        ("ana@example.com, Jörg Müller <jm@example.com>", [["", "ana@example.com"], ["Jörg Müller", "jm@example.com"]]),
        ("\"Müller, Jörg\" <jm@example.com>, Ana Q. Lee <ana@example.com>,", [["Müller, Jörg", "jm@example.com"], ["Ana Q. Lee", "ana@example.com"]]),
        ("Ana <ana@example.com>,bo@example.org", [["Ana", "ana@example.com"], ["", "bo@example.org"]]),
        ("\"O\\\"Brien, Pat\" <pat@example.com>", [["O\"Brien, Pat", "pat@example.com"]]),
    ])
    func mailboxes(to: String, expected: [[String]]) throws {
        let read = try read(try mail(to: to))
        #expect(read.addresses == expected)
        #expect(read.defects == 0)
    }

    @Test("a long display name is folded, never a line over 78 characters; read back whole",
          .enabled(if: python != nil, "needs python3"), arguments: [
        String(repeating: "Ana Maria ", count: 150) + "Lee",
        String(repeating: "Jörg Müller ", count: 60) + "Lüdenscheidt",
        String(repeating: "x", count: 1_500),
    ])
    func longName(name: String) throws {
        let text = try mail(to: "\(name) <ana@example.com>, bo@example.org")
        let read = try read(text)
        #expect(read.longestLine <= 78)
        #expect(read.defects == 0)
        #expect(read.addresses.map { $0[1] } == ["ana@example.com", "bo@example.org"])
        #expect(read.names.first == name, "RFC 2047's reading of the name")
        if name.unicodeScalars.allSatisfy(\.isASCII) && name.contains(" ") {
            #expect(read.addresses.first?[0] == name, "plain words folded at their spaces")
        }
    }

    @Test("many recipients fold between them; every header that may be long is folded", .enabled(if: python != nil, "needs python3"))
    func many() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-20 07:00")
        // A measurement of the longest name, charted in the mail: its picture's name is in two headers.
        let long = "a" + String(repeating: "b", count: 31)
        for day in ["21", "24", "28"] { try cli.ok("measure", long, "90", "--date", "2026-11-\(day)", "--new") }
        let to = (1...60).map { "Person Number \($0) <person\($0)@example.com>" }.joined(separator: ", ")
        let mail = try cli.ok("progress", "--format", "email", "--to", to).stdout
        #expect(mail.contains("filename=\"\(long).png\""), "the series' picture is in the mail")
        let read = try read(mail)
        #expect(read.addresses.count == 60 && read.addresses.last == ["Person Number 60", "person60@example.com"])
        #expect(read.longestLine <= 78)
        #expect(read.defects == 0)
    }

    @Test("an unclosed quote or bracket, an empty list, or more than 100 addresses is a usage error", arguments: [
        "Ana <ana@example.com", "\"Ana <ana@example.com>", ", ,", "Ana <>", (1...101).map { "p\($0)@example.com" }.joined(separator: ","),
    ])
    func refused(to: String) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        let result = try cli.run("progress", "--format", "email", "--to", to)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--to"))
        #expect(result.stdout.isEmpty)
    }
}
