#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport
import TrendCore
import TrendPresentation

@testable import TrendTerminal

@MainActor
@Suite("The session redraws from observation and gives the terminal back")
struct DashboardSessionTests {
    func session(_ terminal: FakeTerminal, usesColor: Bool = false) -> DashboardSession {
        let entries = (0..<10).map { day in
            WeightEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now - Int64(9 - day) * 86_400, utcOffsetSeconds: 0), kilograms: 81 - Double(day) / 10)
        }
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries)))
        return DashboardSession(dashboard: Dashboard(app: app, display: Display(usesColor: usesColor, isUTF8: true)), terminal: terminal)
    }

    @Test("a range key redraws the tabs, and only what changed is written")
    func rangeKeyRedraws() async throws {
        let terminal = FakeTerminal(script: [[.key(.character("2"))], [.key(.character("q"))]])
        let ended = try await session(terminal).run()
        #expect(ended == nil, "q is no signal")
        #expect(terminal.writes.count == 2, "the first frame, then one after the key")
        #expect(terminal.texts[0].contains("\u{1B}[0;7m 1M "), "1M selected, in reverse video without colour")
        #expect(terminal.texts[1].contains("3M"), "the newly selected tab")
        #expect(!terminal.texts[1].contains("quit"), "the unchanged status line is not written again")
        #expect(terminal.texts[1].utf8.count < terminal.texts[0].utf8.count / 2)
        #expect(terminal.starts == 1 && terminal.stops == 1, "given back")
    }

    @Test("a key that changes nothing draws nothing")
    func noChangeNoDraw() async throws {
        let terminal = FakeTerminal(script: [[.key(.character("x"))], [.key(.character("q"))]])
        _ = try await session(terminal).run()
        #expect(terminal.writes.count == 1)
    }

    @Test("a resize lays the screen out again at the new size, whole")
    func resize() async throws {
        let terminal = FakeTerminal(script: [[.resized], [.key(.character("q"))]])
        terminal.beforeWait = { [unowned terminal] wait in if wait == 0 { terminal.size = (70, 24) } }
        _ = try await session(terminal).run()
        #expect(terminal.writes.count == 2)
        let redrawn = terminal.texts[1]
        #expect(redrawn.contains("\u{1B}[2J"), "cleared and drawn whole")
        #expect(redrawn.contains("small window"))
        #expect(!redrawn.contains(";71H"), "nothing past column 70")
    }

    @Test("an ending signal gives the terminal back and says which", arguments: [SIGTERM, SIGHUP, SIGINT])
    func signals(_ signal: Int32) async throws {
        let terminal = FakeTerminal(script: [[.ended(signal: signal)]])
        #expect(try await session(terminal).run() == signal)
        #expect(terminal.stops == 1 && !terminal.isRaw)
    }

    @Test("an error gives the terminal back before it is reported")
    func error() async {
        let terminal = FakeTerminal(script: [[.key(.control("z"))]])
        terminal.failsToSuspend = true
        await #expect(throws: FakeTerminal.SuspendFailed.self) { try await session(terminal).run() }
        #expect(!terminal.isRaw)
    }

    @Test("Ctrl-Z suspends and the screen is drawn whole when it comes back")
    func suspend() async throws {
        let terminal = FakeTerminal(script: [[.key(.control("z"))], [.key(.character("q"))]])
        _ = try await session(terminal).run()
        #expect(terminal.starts == 2 && terminal.stops == 2)
        #expect(terminal.writes.count == 2)
        #expect(terminal.texts[1].contains("quit"), "whole")
    }

    @Test("with colour the selection is coloured; without, no colour code is written")
    func colour() async throws {
        let coloured = FakeTerminal(script: [[.key(.character("q"))]])
        _ = try await session(coloured, usesColor: true).run()
        #expect(coloured.texts[0].contains("44m"))
        let plain = FakeTerminal(script: [[.key(.character("q"))]])
        _ = try await session(plain).run()
        #expect(colourCodes(in: plain.texts.joined()).isEmpty)
        #expect(!colourCodes(in: coloured.texts.joined()).isEmpty, "the check sees colour where there is some")
    }

    /// The SGR parameters that set a colour (30-49, 90-107), in every `ESC [ … m`.
    func colourCodes(in text: String) -> [Int] {
        var codes: [Int] = []
        for sequence in text.split(separator: "\u{1B}").dropFirst() where sequence.hasPrefix("[") {
            let body = sequence.dropFirst().prefix { $0.isNumber || $0 == ";" }
            guard sequence.dropFirst(body.count + 1).first == "m" else { continue }
            codes += body.split(separator: ";").compactMap { Int($0) }.filter { (30...49).contains($0) || (90...107).contains($0) }
        }
        return codes
    }
}
