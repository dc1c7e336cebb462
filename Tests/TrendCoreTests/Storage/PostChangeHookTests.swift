import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// SPEC §14: where the hook is and when it may run; running it is the
/// front end's (HooksTests runs the binary).
@Suite("PostChangeHook")
struct PostChangeHookTests {
    @Test(
        "the hook is under an absolute XDG_CONFIG_HOME, else ~/.config, else the password database's home",
        arguments: [
            (["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/me"], "/cfg/trend/hooks/post-change"),
            (["XDG_CONFIG_HOME": "relative", "HOME": "/home/me"], "/home/me/.config/trend/hooks/post-change"),
            (["XDG_CONFIG_HOME": "", "HOME": "/home/me"], "/home/me/.config/trend/hooks/post-change"),
            (["HOME": ""], "/from/passwd/.config/trend/hooks/post-change"),
            ([:], "/from/passwd/.config/trend/hooks/post-change"),
        ])
    func location(environment: [String: String], expected: String) {
        #expect(PostChangeHook.path(environment: environment, passwordDatabaseHome: { "/from/passwd" }) == expected)
    }

    @Test("no home at all: no hook")
    func noHome() {
        #expect(PostChangeHook.path(environment: [:], passwordDatabaseHome: { nil }) == nil)
        #expect(PostChangeHook.find(environment: [:], noHooksFlag: false, passwordDatabaseHome: { nil }) == .absent)
    }

    @Test("--no-hooks, or TREND_NO_HOOKS set to anything but empty or 0, turns it off", arguments: [
        (nil, false, false), ("1", false, true), ("yes", false, true), ("0", false, false), ("", false, false), (nil, true, true), ("0", true, true),
    ] as [(String?, Bool, Bool)])
    func disabled(variable: String?, flag: Bool, expected: Bool) {
        let environment = variable.map { ["TREND_NO_HOOKS": $0] } ?? [:]
        #expect(PostChangeHook.isDisabled(environment: environment, noHooksFlag: flag) == expected)
    }

    func hook(mode: Int, in directory: TemporaryDirectory) throws -> String {
        try directory.write("#!/bin/sh\n", to: "post-change")
        let path = directory.file("post-change")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test("a file of ours that only we can write and can run is ready", arguments: [0o700, 0o755, 0o555, 0o711])
    func ready(mode: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try hook(mode: mode, in: directory)
        #expect(PostChangeHook.check(path).isReady(path))
        let environment = ["XDG_CONFIG_HOME": directory.path]
        #expect(PostChangeHook.find(environment: environment, noHooksFlag: true) == .disabled)
    }

    @Test("anything another user could have written, or that cannot run, is refused with the reason", arguments: [
        (0o775, HookRefusal.writableByGroupOrOthers(mode: 0o100775)),
        (0o722, .writableByGroupOrOthers(mode: 0o100722)),
        (0o706, .writableByGroupOrOthers(mode: 0o100706)),
        (0o644, .notExecutable),
        (0o655, .notExecutable),
    ])
    func refused(mode: Int, reason: HookRefusal) throws {
        let directory = try TemporaryDirectory()
        let path = try hook(mode: mode, in: directory)
        #expect(PostChangeHook.check(path) == .refused(path: path, reason: reason))
    }

    @Test("a file owned by someone else is refused, naming them")
    func otherOwner() throws {
        let directory = try TemporaryDirectory()
        let path = try hook(mode: 0o755, in: directory)
        let other = UInt32(geteuid()) + 1
        #expect(PostChangeHook.check(path, userID: other) == .refused(path: path, reason: .ownedByAnotherUser(uid: UInt32(geteuid()))))
        #expect(HookRefusal.ownedByAnotherUser(uid: 0).message == "it belongs to another user (uid 0)")
    }

    @Test("a symlink to a safe file of ours is followed; to a folder, a fifo or nothing, it is not")
    func symlinks() throws {
        let directory = try TemporaryDirectory()
        let target = try hook(mode: 0o700, in: directory)
        let link = directory.file("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(PostChangeHook.check(link).isReady(link))
        try FileManager.default.createDirectory(atPath: directory.file("folder"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory.file("to-folder"), withDestinationPath: directory.file("folder"))
        #expect(PostChangeHook.check(directory.file("to-folder")) == .refused(path: directory.file("to-folder"), reason: .notRegularFile))
        #expect(mkfifo(directory.file("fifo"), 0o700) == 0)
        #expect(PostChangeHook.check(directory.file("fifo")) == .refused(path: directory.file("fifo"), reason: .notRegularFile))
        try FileManager.default.createSymbolicLink(atPath: directory.file("dangling"), withDestinationPath: directory.file("nothing"))
        #expect(PostChangeHook.check(directory.file("dangling")) == .refused(path: directory.file("dangling"), reason: .notRegularFile))
        #expect(PostChangeHook.check(directory.file("nothing")) == .absent)
    }
}

extension HookFinding {
    /// Ready at `path`, its descriptor open on the file checked (closed here).
    func isReady(_ path: String) -> Bool {
        guard case .ready(let found, let descriptor) = self else { return false }
        var info = stat()
        defer { close(descriptor) }
        return found == path && fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
