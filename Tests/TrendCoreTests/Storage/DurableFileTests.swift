import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("Durable file replacement (SPEC §2)")
struct DurableFileTests {
    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("creates the directory 0700 and the file 0600, with a lock file beside it")
    func createsPrivately() async throws {
        let dir = try TemporaryDirectory()
        let file = DurableFile(path: dir.file("a/b/weights.json"))
        try await file.update { current in
            #expect(current == nil)
            return (Array("one".utf8), ())
        }
        #expect(dir.read("a/b/weights.json") == "one")
        #expect(try mode(dir.file("a/b")) == 0o700)
        #expect(try mode(dir.file("a/b/weights.json")) == 0o600)
        #expect(FileManager.default.fileExists(atPath: dir.file("a/b/weights.json.lock")))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.file("a/b")).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("keeps an existing file's mode")
    func keepsMode() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("old", to: "weights.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: dir.file("weights.json"))
        try await DurableFile(path: dir.file("weights.json")).update { _ in (Array("new".utf8), ()) }
        #expect(try mode(dir.file("weights.json")) == 0o640)
        #expect(dir.read("weights.json") == "new")
    }

    @Test("a symlinked data file stays a symlink and its target is updated")
    func followsSymlink() async throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("real"), withIntermediateDirectories: true)
        try dir.write("old", to: "real/weights.json")
        try FileManager.default.createDirectory(atPath: dir.file("data"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.file("data/weights.json"), withDestinationPath: "../real/weights.json")
        try await DurableFile(path: dir.file("data/weights.json")).update { current in
            #expect(current.map { String(decoding: Array($0), as: UTF8.self) } == "old")
            return (Array("new".utf8), ())
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("data/weights.json")) == "../real/weights.json")
        #expect(dir.read("real/weights.json") == "new")
        #expect(FileManager.default.fileExists(atPath: dir.file("real/weights.json.lock")))
    }

    @Test("a failed write leaves the old file byte-identical and no temporary file", arguments: [ENOSPC, EIO, EDQUOT])
    func failedWrite(code: Int32) async throws {
        let dir = try TemporaryDirectory()
        try dir.write("old", to: "weights.json")
        let file = DurableFile(path: dir.file("weights.json"), lockTimeoutSeconds: 1, faults: .init(writeErrno: code))
        await #expect(throws: StorageError.ioFailed(path: dir.file("weights.json"), reason: String(cString: strerror(code)))) {
            try await file.update { _ in (Array("new".utf8), ()) }
        }
        #expect(dir.read("weights.json") == "old")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.sorted() == ["weights.json", "weights.json.lock"])
    }

    @Test("a failed directory sync reports that the change was made but may not be durable")
    func failedDirectorySync() async throws {
        let dir = try TemporaryDirectory()
        let file = DurableFile(path: dir.file("weights.json"), lockTimeoutSeconds: 1, faults: .init(directorySyncErrno: EIO))
        await #expect(throws: StorageError.notDurable(path: dir.file("weights.json"), reason: String(cString: strerror(EIO)))) {
            try await file.update { _ in (Array("new".utf8), ()) }
        }
        #expect(dir.read("weights.json") == "new")
    }

    @Test("removes temporary files left by a killed writer")
    func cleansStaleTemporaries() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("half", to: ".weights.json.tmp-dead")
        try dir.write("other", to: ".settings.json.tmp-dead")
        try await DurableFile(path: dir.file("weights.json")).update { _ in (Array("new".utf8), ()) }
        #expect(dir.read(".weights.json.tmp-dead") == nil)
        #expect(dir.read(".settings.json.tmp-dead") == "other")
    }

    @Test("a held lock is waited for, then reported as busy")
    func lockBusy() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("old", to: "weights.json")
        let fd = open(dir.file("weights.json.lock"), O_RDWR | O_CREAT, 0o600)
        #expect(flock(fd, LOCK_EX) == 0)
        defer { close(fd) }
        let file = DurableFile(path: dir.file("weights.json"), lockTimeoutSeconds: 0.3)
        await #expect(throws: StorageError.lockBusy(path: dir.file("weights.json"))) {
            try await file.update { _ in (Array("new".utf8), ()) }
        }
        #expect(dir.read("weights.json") == "old")
    }

    @Test("a file in the way of the data directory cannot be created over")
    func fileInTheWay() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("not a directory", to: "data")
        await #expect(throws: StorageError.cannotCreateDirectory(path: dir.file("data"), reason: "a file is in the way")) {
            try await DurableFile(path: dir.file("data/weights.json")).update { _ in (Array("new".utf8), ()) }
        }
    }

    @Test("a directory where the file should be is an I/O error, not a crash")
    func directoryInTheWay() async throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("weights.json"), withIntermediateDirectories: true)
        #expect(throws: StorageError.self) { try DurableFile(path: dir.file("weights.json")).read() }
        await #expect(throws: StorageError.self) { try await DurableFile(path: dir.file("weights.json")).update { _ in (Array("x".utf8), ()) } }
    }
}
