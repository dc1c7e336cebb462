import Foundation
import Testing
import TestSupport

/// Trust, round four (3): the hook that runs is the file that was checked.
/// Another user who can write the hooks folder swaps a file they may not
/// have run in and out of place while trend makes one change after another;
/// checked by path and run by path, it ran in the gap (32–46 times in 200).
@Suite("A hook cannot be swapped between its check and its run")
struct HookSwapTests {
    @Test("a hook swapped in and out of place as fast as can be is never run unchecked", .enabled(if: Requirement.installed("/bin/bash")))
    func swapped() throws {
        let cli = try HooksTests.harness(script: nil)
        let hooks = cli.directory.file("config/trend/hooks")
        let record = cli.directory.file("record")
        // The hook of ours, and one that anyone may change: refused whenever it is checked.
        try cli.directory.write("#!/bin/sh\ncat > /dev/null\necho good >> \"$RECORD/runs\"\n", to: "config/trend/hooks/good")
        try cli.directory.write("#!/bin/sh\ncat > /dev/null\necho BAD >> \"$RECORD/runs\"\n", to: "config/trend/hooks/bad")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: hooks + "/good")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: hooks + "/bad")
        let loop = "cd '\(hooks)' && while :; do ln -f good next && mv -f next post-change; ln -f bad next && mv -f next post-change; done"
        let swapper = try SpawnedProcess("/bin/bash", ["-c", loop], environment: ["PATH": "/usr/bin:/bin"])
        defer { swapper.send(SIGKILL); _ = try? swapper.wait() }
        #expect(Wait.until { FileManager.default.fileExists(atPath: hooks + "/post-change") })
        // 60 changes: with the gap open, about ten of them would run the swapped-in hook.
        for day in 0..<60 {
            let result = try cli.run("log", "80", "--date", "2026-\(day / 28 + 7)-\(day % 28 + 1)", "--force", "-q")
            #expect(result.status == 0, "\(result.stderr)")
        }
        let runs = (try? String(contentsOfFile: record + "/runs", encoding: .utf8)) ?? ""
        #expect(!runs.contains("BAD"), "the swapped-in hook ran \(runs.components(separatedBy: "BAD").count - 1) times")
        #expect(runs.contains("good"), "the hook never ran at all")
    }
}
