import Foundation
import Testing
import TestSupport

/// SPEC §14: `make install` puts the binary, the man page and the three
/// completion scripts where each system looks, and a fresh account's shells
/// find them with no more than the README says.
@Suite("make install")
struct InstallTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let makeProgram = Requirement.find("make")

    static let installed: [(path: String, mode: Int)] = [
        ("bin/trend", 0o755),
        ("share/bash-completion/completions/trend", 0o644),
        ("share/doc/trend/LICENSE", 0o644),
        ("share/doc/trend/LICENSE-DejaVu.txt", 0o644),
        ("share/fish/vendor_completions.d/trend.fish", 0o644),
        ("share/man/man1/trend.1", 0o644),
        ("share/zsh/site-functions/_trend", 0o644),
    ]

    /// `make VARIABLE=…` in the package, installing the binary the tests run.
    func make(_ arguments: [String], binary: TrendBinary, home: String = "/nonexistent") throws -> TrendBinary.Result {
        let make = try #require(Self.makeProgram)
        return try TrendBinary(url: URL(fileURLWithPath: make)).run(
            ["-s", "-C", Self.packageRoot] + arguments + ["TREND=" + binary.url.path], environment: ["PATH": "/usr/bin:/bin", "HOME": home], timeout: 120)
    }

    func files(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let item = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + item, isDirectory: &isDirectory), !isDirectory.boolValue { files.append(item) }
        }
        return files.sorted()
    }

    @Test("make install DESTDIR=… PREFIX=… lays out exactly the seven files, and make uninstall removes them", .enabled(if: makeProgram != nil, "make is not installed"))
    func layout() throws {
        let cli = try CLIHarness()
        let stage = cli.directory.file("stage")
        let install = try make(["install", "DESTDIR=" + stage, "PREFIX=/opt/trend"], binary: cli.binary)
        #expect(install.status == 0, "\(install.stderr)")
        let root = stage + "/opt/trend"
        #expect(files(under: stage) == Self.installed.map { "opt/trend/" + $0.path })
        for (path, mode) in Self.installed {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
        }
        #expect(FileManager.default.contents(atPath: root + "/bin/trend") == FileManager.default.contents(atPath: cli.binary.url.path))
        #expect(FileManager.default.contents(atPath: root + "/share/man/man1/trend.1") == FileManager.default.contents(atPath: Self.packageRoot + "/Documentation/trend.1"))
        for (shell, path) in [("bash", "share/bash-completion/completions/trend"), ("zsh", "share/zsh/site-functions/_trend"), ("fish", "share/fish/vendor_completions.d/trend.fish")] {
            let script = try cli.ok("completions", shell).stdout
            #expect(FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) } == script, "\(shell)")
        }
        let uninstall = try make(["uninstall", "DESTDIR=" + stage, "PREFIX=/opt/trend"], binary: cli.binary)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(files(under: stage).isEmpty)
    }

    @Test(
        "a PREFIX or DESTDIR with a $, a backtick, a quote or a line break is refused with a message, nothing installed; spaces work",
        .enabled(if: makeProgram != nil, "make is not installed"),
        arguments: ["PREFIX=$HOME", "PREFIX=`touch PWNED`", "PREFIX=it's", "PREFIX=say \"x\"", "PREFIX=two\nlines", "DESTDIR=$HOME"])
    func unsafePaths(assignment: String) throws {
        let cli = try CLIHarness()
        let stage = cli.directory.file("stage")
        let (name, value) = (String(assignment.prefix { $0 != "=" }), String(assignment.drop { $0 != "=" }.dropFirst()))
        let arguments = name == "PREFIX" ? ["install", "DESTDIR=" + stage, "PREFIX=" + stage + "/" + value] : ["install", "DESTDIR=" + stage + "/" + value]
        let refused = try make(arguments, binary: cli.binary)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("\(name) must not hold $, a backtick, a quote or a line break"), "\(refused.stderr)")
        #expect(files(under: cli.directory.path).isEmpty, "\(files(under: cli.directory.path))")
        #expect(!FileManager.default.fileExists(atPath: Self.packageRoot + "/PWNED"))
        let spaced = stage + "/with space"
        #expect(try make(["install", "PREFIX=" + spaced], binary: cli.binary).status == 0)
        #expect(files(under: spaced) == Self.installed.map { $0.path })
    }

    @Test("the default PREFIX is /usr/local", .enabled(if: makeProgram != nil, "make is not installed"))
    func defaultPrefix() throws {
        let cli = try CLIHarness()
        let stage = cli.directory.file("stage")
        #expect(try make(["install", "DESTDIR=" + stage], binary: cli.binary).status == 0)
        #expect(files(under: stage) == Self.installed.map { "usr/local/" + $0.path })
    }

    @Test("PREFIX=~/.local as zsh passes it on, unexpanded, installs under HOME", .enabled(if: makeProgram != nil, "make is not installed"))
    func tildePrefix() throws {
        let cli = try CLIHarness()
        let home = cli.directory.file("home")
        #expect(try make(["install", "PREFIX=~/.local"], binary: cli.binary, home: home).status == 0)
        #expect(files(under: home) == Self.installed.map { ".local/" + $0.path })
        #expect(try make(["uninstall", "PREFIX=~/.local"], binary: cli.binary, home: home).status == 0)
        #expect(files(under: home).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: Self.packageRoot + "/~"))
    }

    /// A fresh account: the home directory of a new Debian user (/etc/skel),
    /// trend installed in it by `make install PREFIX=~/.local`, and ~/.local/bin on PATH.
    func freshAccount(_ cli: CLIHarness) throws -> (home: String, environment: [String: String]) {
        let home = cli.directory.file("fresh")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        for name in [".bashrc", ".profile"] where FileManager.default.fileExists(atPath: "/etc/skel/" + name) {
            try FileManager.default.copyItem(atPath: "/etc/skel/" + name, toPath: home + "/" + name)
        }
        let install = try make(["install", "PREFIX=" + home + "/.local"], binary: cli.binary)
        #expect(install.status == 0, "\(install.stderr)")
        try cli.ok("log", "80", "--date", "2026-11-01 07:15")
        let environment = [
            "HOME": home, "PATH": home + "/.local/bin:/usr/bin:/bin", "TERM": "xterm", "LANG": "C", "TZ": "UTC",
            "TREND_DATA_DIR": cli.dataDirectory, "TREND_NOW": CLIHarness.fixedNow,
        ]
        return (home, environment)
    }

    static let bashCompletion = "/usr/share/bash-completion/bash_completion"

    @Test(
        "a fresh account's bash completes trend after make install PREFIX=~/.local",
        .enabled(if: makeProgram != nil && Requirement.find("tmux") != nil && FileManager.default.fileExists(atPath: bashCompletion) && FileManager.default.fileExists(atPath: "/etc/skel/.bashrc"),
                 "needs make, tmux, the bash-completion package and /etc/skel/.bashrc"))
    func freshBash() throws {
        let cli = try CLIHarness()
        let (_, environment) = try freshAccount(cli)
        let screen = try TerminalSession(command: "/bin/bash -i", environment: environment)
        defer { screen.close() }
        try screen.type("PS1='$ '; clear", enter: true)
        try screen.type("trend prog\t")
        #expect(screen.waitFor("$ trend progress"), "\(screen.text)")
        try screen.type(" --range \t\t")
        #expect(screen.waitFor("1M"), "\(screen.text)")
    }

    /// What the guide tells zsh users to put in ~/.zshrc for a per-user install.
    static let zshrc = """
        fpath=(~/.local/share/zsh/site-functions $fpath)
        autoload -Uz compinit && compinit
        """

    @Test(
        "a fresh account's zsh completes trend with the guide's two lines in ~/.zshrc",
        .enabled(if: makeProgram != nil && Requirement.zsh != nil && Requirement.find("tmux") != nil, "needs make, zsh and tmux"))
    func freshZsh() throws {
        let readme = try String(contentsOfFile: Self.packageRoot + "/GUIDE.md", encoding: .utf8)
        let lines = readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let wanted = Self.zshrc.split(separator: "\n").map(String.init)
        #expect(zip(lines, lines.dropFirst()).contains { [$0, $1] == wanted }, "the guide's zsh lines changed: change this test with them")
        let cli = try CLIHarness()
        let (home, environment) = try freshAccount(cli)
        try (Self.zshrc + "\nPS1='%% '\n").write(toFile: home + "/.zshrc", atomically: true, encoding: .utf8)
        let screen = try TerminalSession(command: try #require(Requirement.zsh), environment: environment)
        defer { screen.close() }
        #expect(screen.waitFor("%"), "\(screen.text)")
        try screen.type("trend prog\t")
        #expect(screen.waitFor("% trend progress"), "\(screen.text)")
    }

    @Test(
        "a fresh account's fish completes trend after make install PREFIX=~/.local, with nothing configured",
        .enabled(if: makeProgram != nil && Requirement.fish != nil, "needs make and fish"))
    func freshFish() throws {
        let cli = try CLIHarness()
        let (_, environment) = try freshAccount(cli)
        let fish = TrendBinary(url: URL(fileURLWithPath: try #require(Requirement.fish)))
        let result = try fish.run(["-c", "complete -C'trend prog'; complete -C'trend edit '"], environment: environment)
        #expect(result.stdout.hasPrefix("progress\t"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\t2026-11-01 07:15 80 kg\n"), "\(result.stdout)")
    }

    @Test("man finds the page of a per-user install through PATH", .enabled(if: makeProgram != nil && Requirement.find("man") != nil, "needs make and man"))
    func manPage() throws {
        let cli = try CLIHarness()
        let (home, environment) = try freshAccount(cli)
        let man = TrendBinary(url: URL(fileURLWithPath: try #require(Requirement.find("man"))))
        let result = try man.run(["-w", "trend"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == home + "/.local/share/man/man1/trend.1\n")
    }
}
