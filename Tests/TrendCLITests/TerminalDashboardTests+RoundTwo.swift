import Foundation
import Testing
import TestSupport

/// SPEC §19's round two, end to end: suspend and resume from a real shell,
/// pastes that are text, wide and hostile text laid out and escaped, the
/// prompts' notes, the list of the series shown, a delete that names what it
/// deletes, and the hook told each change by its name. Every test quits with
/// `q` and finds `stty -a` as it was.
extension TerminalDashboardTests {
    /// `q`, then the exit status and the terminal's settings as they were.
    func quit(_ screen: TerminalSession, _ cli: CLIHarness, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try screen.type("q")
        #expect(screen.waitFor("EXIT=0"), "\(screen.text)", sourceLocation: sourceLocation)
        #expect(Wait.until(seconds: 10) { sttyUnchanged(cli) }, "stty as before", sourceLocation: sourceLocation)
    }

    /// The cells a terminal gives `line`, by the test's own measure: two for
    /// CJK ideographs, kana and fullwidth forms, one for anything else.
    func cells(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) || (0xFF01...0xFF60).contains($1.value) ? 2 : 1) }
    }

    @Test("Ctrl-Z gives the shell its own screen, cursor and settings before the prompt; fg takes raw mode and the screen again")
    func suspendAndResume() throws {
        let cli = try harness()
        let environment = cli.environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8"]) { $1 }
        let shell = try TerminalSession(command: "bash --norc --noprofile -i", environment: environment)
        defer { shell.close() }
        // A prompt the line that sets it does not show.
        try shell.type("PS1='rea''dy> '", enter: true)
        #expect(shell.waitFor("ready>"), "\(shell.text)")
        try shell.type("stty -a > \(cli.directory.file("stty-before"))", enter: true)
        #expect(Wait.until(seconds: 10) { cli.directory.read("stty-before")?.isEmpty == false })
        try shell.type(cli.binary.url.path + " ui", enter: true)
        #expect(shell.waitFor("q quit"), "\(shell.text)")
        shell.press("C-z")
        #expect(shell.waitFor("Stopped"), "\(shell.text)")
        #expect(shell.value("#{alternate_on}") == "0", "the shell's own screen at its prompt")
        #expect(shell.value("#{cursor_flag}") == "1", "the cursor shown")
        #expect(!shell.text.contains("q quit"), "\(shell.text)")
        try shell.type("stty -a > \(cli.directory.file("stty-at-prompt"))", enter: true)
        #expect(Wait.until(seconds: 10) { cli.directory.read("stty-at-prompt") == cli.directory.read("stty-before") }, "the settings found at start, at the prompt")
        try shell.type("fg", enter: true)
        #expect(shell.waitFor("q quit"), "\(shell.text)")
        #expect(shell.value("#{alternate_on}") == "1", "the dashboard's screen again")
        let words = shell.terminalSettings().split(whereSeparator: \.isWhitespace)
        #expect(words.contains("-icanon") && words.contains("-echo"), "raw again: keys one at a time, not echoed: \(words)")
        try shell.type("2")
        #expect(shell.waitFor("Oct"), "one key, no Enter, selects 3M: \(shell.text)")
        try shell.type("q")
        #expect(Wait.until(seconds: 10) { !shell.text.contains("q quit") }, "\(shell.text)")
        try shell.type("echo EXIT=$?; stty -a > \(cli.directory.file("stty-after"))", enter: true)
        #expect(shell.waitFor("EXIT=0"), "\(shell.text)")
        #expect(Wait.until(seconds: 10) { sttyUnchanged(cli) }, "stty as before")
    }

    @Test("a bracketed paste holding a line break and keys types one line at the prompt; with no prompt open it does nothing")
    func pasteIsText() throws {
        let cli = try harness()
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"), "\(screen.text)")
        try screen.type("e")
        screen.paste("650\nLdy")
        #expect(screen.waitFor("650▏"), "typed up to the line break: \(screen.text)")
        #expect(!screen.text.contains("Ldy"))
        screen.press("Enter")
        #expect(screen.waitFor("Logged 650 kcal"), "\(screen.text)")
        screen.paste("Ldy")
        try screen.type("?")
        #expect(screen.waitFor("Any key closes this help"), "a key after the paste still acts: \(screen.text)")
        try screen.type("x")
        #expect(try cli.ok("list").stdout.split(separator: "\n").count == 91, "nothing deleted: 90 weigh-ins and the header")
        #expect(try cli.ok("intake", "--entries").stdout.contains("650"))
        try quit(screen, cli)
    }

    @Test("C1 controls pasted at a prompt are shown escaped, stored as typed, and listed escaped")
    func pastedControls() throws {
        let cli = try harness()
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"), "\(screen.text)")
        let note = "a\u{9B}2J\u{9D}0;owned\u{9C}\u{202E}b"
        try screen.type("l")
        screen.paste("78.8 " + note)
        #expect(screen.waitFor("\\x9B2J\\x9D0;owned\\x9C\\u{202E}b"), "\(screen.text)")
        #expect(screen.text.split(separator: "\n").first?.contains("trend") == true, "the screen was not cleared")
        screen.press("Enter")
        #expect(screen.waitFor("Logged 78.8 kg"), "\(screen.text)")
        let json = try #require(try cli.json(try cli.ok("list", "--format", "json").stdout) as? [[String: Any]])
        #expect(json.contains { $0["note"] as? String == note }, "stored as typed")
        let list = try cli.ok("list").stdout
        #expect(list.contains("a\\x9B2J\\x9D0;owned\\x9C\\u{202E}b") && !list.contains("\u{9B}") && !list.contains("\u{202E}"))
        try quit(screen, cli)
    }

    @Test("a CJK note in the list and at a prompt stays within its row", arguments: [100, 70])
    func wideText(columns: Int) throws {
        let cli = try harness()
        let note = "朝ごはんの前に測った。今日はとても寒い日でした。体重計の電池を替えた。"
        try cli.ok("log", "79.0", "--date", "2026-11-30 08:00", "--note", note, "--force")
        let screen = try start(cli, columns: columns, rows: 30)
        defer { screen.close() }
        #expect(screen.waitFor("1-5 range"), "\(screen.text)")
        try screen.type("L")
        #expect(screen.waitFor("朝ごはん"), "\(screen.text)")
        var lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { cells($0) <= columns }, "\(lines.map { cells($0) })")
        let row = try #require(lines.firstIndex { $0.contains("朝ごはん") })
        #expect(lines[row - 1].contains("2026-11-30 07:00"), "the row before it intact: \(screen.text)")
        #expect(lines[row + 1].trimmingCharacters(in: .whitespaces).isEmpty || lines[row + 1].contains("delete"), "nothing spilled onto the next row: \(screen.text)")
        #expect(lines.first?.contains("1M") == true)
        screen.press("Escape")
        try screen.type("e")
        try screen.type("650 " + note + note)
        #expect(screen.waitFor("替えた。▏"), "the end of what was typed, the cursor after it: \(screen.text)")
        lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.contains("1M") == true, "the tab row stays: \(screen.text)")
        #expect(lines.allSatisfy { cells($0) <= columns }, "\(lines.map { cells($0) })")
        screen.press("Escape")
        try quit(screen, cli)
    }

    @Test("e takes an amount and a note, and the hook hears each change by its command")
    func eatWithANote() throws {
        var cli = try harness()
        let hooks = cli.directory.file("config/trend/hooks")
        try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        try cli.directory.write("#!/bin/sh\ncat >> \"$RECORD\"\n", to: "config/trend/hooks/post-change")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hooks + "/post-change")
        cli.extraEnvironment = ["XDG_CONFIG_HOME": cli.directory.file("config"), "RECORD": cli.directory.file("changes")]
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"), "\(screen.text)")
        try screen.type("e")
        try screen.type("380 porridge", enter: true)
        #expect(screen.waitFor("Logged 380 kcal"), "\(screen.text)")
        #expect(screen.text.contains("porridge"))
        try screen.type("l")
        try screen.type("78.8 after run", enter: true)
        #expect(screen.waitFor("Logged 78.8 kg"), "\(screen.text)")
        let entries = try #require(try cli.json(try cli.ok("intake", "--entries", "--format", "json").stdout) as? [[String: Any]])
        #expect(entries.count == 1 && entries.first?["note"] as? String == "porridge" && entries.first?["kilocalories"] as? Double == 380)
        #expect(try cli.ok("undo", "--list").stdout.contains("log 78.8 --note 'after run'"))
        try quit(screen, cli)
        let changes = try (cli.directory.read("changes") ?? "").split(separator: "\n").map { try #require(try cli.json(String($0)) as? [String: Any]) }
        #expect(changes.map { $0["command"] as? String } == ["eat", "log"], "not ui: \(changes.map { $0["command"] ?? "" })")
        #expect(changes.map { $0["commandLine"] as? String } == ["trend eat 380 --note porridge", "trend log 78.8 --note 'after run'"])
    }

    @Test("L lists the series on screen, and d names the entry it deletes")
    func listEachSeries() throws {
        let cli = try harness()
        try cli.ok("eat", "1750", "--date", "2026-11-03 13:00")
        try cli.ok("measure", "waist", "91", "--date", "2026-11-28 07:00")
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"), "\(screen.text)")
        try screen.type("L")
        #expect(screen.waitFor("WEIGHT"), "the weigh-ins from the weight tab: \(screen.text)")
        screen.press("Escape")
        screen.press("Tab")
        #expect(screen.waitFor("Intake"), "\(screen.text)")
        try screen.type("L")
        #expect(screen.waitFor("KCAL"), "the intake entries from the intake tab: \(screen.text)")
        #expect(screen.text.contains("1,750") && !screen.text.contains("WEIGHT"), "\(screen.text)")
        screen.press("Escape")
        screen.press("Tab")
        #expect(screen.waitFor("Waist"), "\(screen.text)")
        try screen.type("L")
        #expect(screen.waitFor("91.0 cm"), "the waist's entries from its tab: \(screen.text)")
        screen.press("Escape")
        screen.press("Tab")
        screen.press("Tab")
        #expect(screen.waitFor("Intake"), "\(screen.text)")
        try screen.type("L")
        #expect(screen.waitFor("KCAL"), "\(screen.text)")
        try screen.type("d")
        #expect(screen.waitFor("Delete 1,750 kcal on 3 Nov 13:00? y/n"), "\(screen.text)")
        try screen.type("y")
        #expect(screen.waitFor("Removed 1,750 kcal"), "\(screen.text)")
        #expect(try cli.run("intake", "--entries").stdout.isEmpty)
        screen.press("Escape")
        try quit(screen, cli)
    }

    @Test("k offers the names marked before and marks today, with a note; the chart shows the day marked")
    func markToday() throws {
        let cli = try harness()
        try cli.ok("mark", "travel", "--date", "2026-11-20", "--days", "3")
        try cli.ok("mark", "period", "--date", "2026-11-26")
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"), "\(screen.text)")
        #expect(!screen.text.contains("sick"))
        try screen.type("k")
        #expect(screen.waitFor("Tab: period, travel"), "the names used, the latest first: \(screen.text)")
        screen.press("Tab")
        screen.press("Tab")
        #expect(screen.waitFor("travel▏"), "Tab fills them in turn: \(screen.text)")
        screen.press("Escape")
        try screen.type("k")
        try screen.type("sick flu", enter: true)
        #expect(screen.waitFor("Marked sick on 30 Nov 2026"), "\(screen.text)")
        let legend = try #require(screen.text.split(separator: "\n").first { $0.contains("trend") && $0.contains("travel") }, "\(screen.text)")
        #expect(legend.contains("sick"), "the chart's legend names the day marked: \(screen.text)")
        let marks = try #require(try cli.json(try cli.ok("marks", "--format", "json").stdout) as? [[String: Any]])
        #expect(marks.contains { $0["day"] as? String == "2026-11-30" && $0["name"] as? String == "sick" && $0["note"] as? String == "flu" }, "\(marks)")
        #expect(try cli.ok("undo", "--list").stdout.contains("mark sick --note flu"))
        try quit(screen, cli)
    }
}
