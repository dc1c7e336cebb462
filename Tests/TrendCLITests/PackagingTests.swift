import Foundation
import Testing
import TestSupport

/// SPEC §14: the Debian package and the Homebrew formula. The .deb is built
/// from the static release binary (what `.ci/run` builds before the tests;
/// `Packaging/deb/build` makes one), so the test shows as skipped until there
/// is one; `.ci/run` also installs the package and runs it.
@Suite("Packages")
struct PackagingTests {
    static let packageRoot = InstallTests.packageRoot
    static let release = packageRoot + "/.build/release/trend"

    /// The release binary, when it is the static one (no Swift runtime to
    /// load) and position-independent, as packages are: `Benchmarks/run`
    /// leaves a position-dependent one (ELF type 2, not 3) in its place.
    static let staticRelease: String? = {
        guard let data = FileManager.default.contents(atPath: release), data.count > 18 else { return nil }
        let isPIE = data[data.startIndex + 16] == 3
        return isPIE && data.range(of: Data("libswiftCore.so".utf8)) == nil ? release : nil
    }()

    static let tools = ["dpkg-deb", "dpkg-shlibdeps", "make", "strip", "gzip"].allSatisfy { Requirement.find($0) != nil }

    func run(_ program: String, _ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"], timeout: Double = 300) throws -> TrendBinary.Result {
        let path = try #require(program.hasPrefix("/") ? program : Requirement.find(program))
        return try TrendBinary(url: URL(fileURLWithPath: path)).run(arguments, environment: environment, timeout: timeout)
    }

    @Test(
        "the .deb holds the binary, the man page compressed, the completions and the copyright, with Debian's control fields, and lintian finds no error",
        .enabled(if: tools && staticRelease != nil, "needs dpkg-deb, dpkg-shlibdeps, make and the static, position-independent release build (swift build -c release --static-swift-stdlib)"))
    func debianPackage() throws {
        let scratch = try TemporaryDirectory()
        let binary = try #require(Self.staticRelease)
        let version = try run(binary, ["--version"]).stdout.replacingOccurrences(of: "trend ", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        let architecture = try run("dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // xz's fastest level: what is checked here is what the package holds.
        let built = try run(Self.packageRoot + "/Packaging/deb/build", [scratch.path], environment: ["PATH": "/usr/bin:/bin", "TREND": binary, "DPKG_DEB_COMPRESSOR_LEVEL": "0"])
        #expect(built.status == 0, "\(built.stderr)")
        let deb = scratch.file("trend_\(version)_\(architecture).deb")
        #expect(built.stdout == deb + "\n")

        func field(_ name: String) throws -> String {
            try run("dpkg-deb", ["-f", deb, name]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try field("Package") == "trend")
        #expect(try field("Version") == version)
        #expect(try field("Architecture") == architecture)
        #expect(try field("Section") == "utils" && field("Priority") == "optional")
        #expect(try field("Maintainer").contains("<") && field("Description").hasPrefix("weight tracker for the shell\n"))
        let depends = try field("Depends")
        #expect(depends.contains("libc6 (>= ") && depends.contains("zlib1g"), "\(depends)")
        #expect(!depends.contains("swift"), "the Swift runtime is linked in: \(depends)")
        #expect(Int(try field("Installed-Size")).map { $0 > 1000 } == true)

        let listing = try run("dpkg-deb", ["-c", deb]).stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let files = listing.filter { $0.first?.hasPrefix("-") == true }.map { "\($0[0]) \($0[1]) \($0[5])" }.sorted()
        #expect(files == [
            "-rw-r--r-- root/root ./usr/share/bash-completion/completions/trend",
            "-rw-r--r-- root/root ./usr/share/doc/trend/changelog.gz",
            "-rw-r--r-- root/root ./usr/share/doc/trend/copyright",
            "-rw-r--r-- root/root ./usr/share/fish/vendor_completions.d/trend.fish",
            "-rw-r--r-- root/root ./usr/share/man/man1/trend.1.gz",
            "-rw-r--r-- root/root ./usr/share/zsh/vendor-completions/_trend",
            "-rwxr-xr-x root/root ./usr/bin/trend",
        ])
        #expect(listing.filter { $0.first?.hasPrefix("d") == true }.allSatisfy { $0[0] == "drwxr-xr-x" && $0[1] == "root/root" })

        let unpacked = scratch.file("unpacked")
        #expect(try run("dpkg-deb", ["-x", deb, unpacked]).status == 0)
        let page = try run("gzip", ["-dc", unpacked + "/usr/share/man/man1/trend.1.gz"]).stdoutData
        #expect(page == FileManager.default.contents(atPath: Self.packageRoot + "/Documentation/trend.1"))
        let copyrightText = try String(contentsOfFile: unpacked + "/usr/share/doc/trend/copyright", encoding: .utf8)
        #expect(copyrightText.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        #expect(copyrightText.contains("\nLicense: MIT\n MIT License\n .\n Copyright (c) "))
        #expect(copyrightText.contains("\n Permission is hereby granted, free of charge"))
        let packaged = try run(unpacked + "/usr/bin/trend", ["--version"])
        #expect(packaged.stdout == "trend \(version)\n" && packaged.stderr.isEmpty)
        let scripts = ["bash": "/usr/share/bash-completion/completions/trend", "zsh": "/usr/share/zsh/vendor-completions/_trend", "fish": "/usr/share/fish/vendor_completions.d/trend.fish"]
        for (shell, path) in scripts {
            #expect(FileManager.default.contents(atPath: unpacked + path) == (try run(binary, ["completions", shell]).stdoutData), "\(shell)")
        }

        if let lintian = Requirement.find("lintian") {
            let report = try run(lintian, [deb], timeout: 300)
            let errors = report.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
            #expect(errors.isEmpty, "\(report.stdout)")
        }
    }

    /// make's build links the runtimes in statically: each argument must
    /// still arrive whole, in order and byte for byte, however many there are.
    @Test(
        "the installed build reads every argument as given: spaces, non-ASCII, an empty one, and many of them",
        .enabled(if: staticRelease != nil, "needs the static release build (make build)"))
    func installedBuildArguments() throws {
        let binary = try #require(Self.staticRelease)
        let data = try TemporaryDirectory()
        // A home of its own: an argument lost or shifted would write to the default data directory.
        let home = try TemporaryDirectory()
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_DATA_HOME": home.file("data")]
        let note = "two  words, ünïcödé and 🙂 \\ \"quoted\" $HOME"
        let logged = try run(binary, ["--data-dir", data.path, "log", "80.5", "--note", note, "--date", "2026-03-01 07:30"], environment: environment)
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
        let stored = try #require(FileManager.default.contents(atPath: data.file("weights.json")))
        #expect(String(decoding: stored, as: UTF8.self).contains("\"kilograms\": 80.5"))
        let listed = try run(binary, ["--data-dir", data.path, "list", "--format", "json"], environment: environment)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["note"] as? String == note)
        #expect(entries.first?["kilograms"] as? Double == 80.5)

        // The argument a parser names in its error is the one given, wherever it stands.
        let filler = (0..<300).flatMap { _ in ["--unit", "kg"] }
        let refused = try run(binary, ["--data-dir", data.path, "list"] + filler + ["--bogus-\u{e9}", ""], environment: environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'--bogus-\u{e9}'"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }

    @Test("the Homebrew formula builds with Swift, installs the binary, the man page and generated completions, and names the current version")
    func homebrewFormula() throws {
        let formula = try String(contentsOfFile: Self.packageRoot + "/Packaging/homebrew/trend.rb", encoding: .utf8)
        let version = try CLIHarness().ok("--version").stdout.replacingOccurrences(of: "trend ", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(formula.contains("class Trend < Formula\n"))
        #expect(formula.contains("/archive/refs/tags/v\(version).tar.gz\""), "the formula's tag is not the version \(version)")
        #expect(formula.contains("system \"swift\", \"build\", \"--disable-sandbox\", \"--configuration\", \"release\""))
        #expect(formula.contains("bin.install \".build/release/trend\""))
        #expect(formula.contains("man1.install \"Documentation/trend.1\""))
        #expect(formula.contains("generate_completions_from_executable(bin/\"trend\", \"completions\")"))
        #expect(formula.contains("license \"MIT\""))
        // Ruby's syntax check, where Ruby is installed.
        if let ruby = Requirement.find("ruby") {
            #expect(try run(ruby, ["-c", Self.packageRoot + "/Packaging/homebrew/trend.rb"]).status == 0)
        }
    }
}
