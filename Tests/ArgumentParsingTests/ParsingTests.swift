import Testing

@testable import ArgumentParsing

/// A small program of two commands, to parse against.
enum Sample {
    enum Size: String, EnumeratedArgument { case small, large }

    static let size = Option<Size>("size", short: "s", valueName: "SIZE", help: "How big.")
    static let count = Option<Count>("count", valueName: "N", help: "How many.")
    static let since = Option<String>("since", valueName: "DATE", help: "From.")
    static let range = Option<String>("range", valueName: "R", help: "Range.")
    static let dryRun = Flag("dry-run", help: "Write nothing.")
    static let quiet = Flag("quiet", short: "q", help: "Say nothing.")
    static let value = Argument<String>("VALUE", help: "A value.")
    static let files = Argument<String>("FILE", help: "Files.", isOptional: true, isRepeating: true)

    static let log = CommandConfiguration(
        names: ["log", "add"], abstract: "Log.", arguments: [value.spec], options: [size, count, dryRun, since, range], exclusive: [["since", "range"]])
    static let list = CommandConfiguration(names: ["list"], abstract: "List.", arguments: [files.spec], options: [count])

    static let parser = ArgumentParser(
        commandNames: ["log", "add", "list"], globalOptions: [quiet.spec], distance: levenshtein,
        configuration: { name in [log, list].first { $0.names.contains(name) } })

    @Sendable static func levenshtein(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}

@Suite("Argument parsing")
struct ParsingTests {
    @Test("options take their values in every spelling, and global options stand before or after the command")
    func spellings() throws {
        for words in [
            ["log", "80", "--size", "large", "-q"], ["-q", "log", "--size=large", "80"], ["log", "-slarge", "80", "-q"], ["log", "-s", "large", "-q", "80"],
        ] {
            let parsed = try Sample.parser.parse(words)
            #expect(parsed.command?.name == "log")
            #expect(parsed[Sample.size] == .large)
            #expect(parsed[Sample.quiet])
            #expect(parsed[Sample.value] == "80")
            #expect(!parsed[Sample.dryRun])
        }
    }

    @Test("a later option overrides an earlier one, and an alias finds its command")
    func overridesAndAliases() throws {
        let parsed = try Sample.parser.parse(["add", "1", "--count", "2", "--count", "5"])
        #expect(parsed.command?.name == "log")
        #expect(parsed[Sample.count]?.value == 5)
    }

    @Test(
        "what is wrong is named, with the closest name when one is close",
        arguments: [
            (["lig"], "unknown command 'lig'. Did you mean 'log'?"), (["foo"], "unknown command 'foo'"),
            (["log", "1", "--dry"], "unknown option '--dry'. Did you mean '--dry-run'?"),
            (["log", "1", "--size", "huge"], "invalid value 'huge' for '--size': expected small, large"),
            (["log", "1", "--count", "0"], "invalid value '0' for '--count': expected a whole number above 0"),
            (["log", "1", "--count"], "missing value for '--count' (N)"), (["log"], "missing VALUE"),
            (["log", "1", "2"], "unexpected argument '2'"), (["log", "1", "--dry-run=yes"], "'--dry-run' does not take a value"),
            (["log", "1", "--since", "a", "--range", "b"], "--since and --range cannot be used together"),
        ] as [([String], String)])
    func errors(words: [String], message: String) {
        #expect(throws: UsageError.self) { try Sample.parser.parse(words) }
        do {
            _ = try Sample.parser.parse(words)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("a negative number is a value, not an option, and -- ends the options")
    func negativeValues() throws {
        #expect(try Sample.parser.parse(["log", "-5"])[Sample.value] == "-5")
        #expect(try Sample.parser.parse(["log", "-.5"])[Sample.value] == "-.5")
        #expect(try Sample.parser.parse(["log", "--", "--size"])[Sample.value] == "--size")
    }

    @Test("a repeating argument takes every value in order")
    func repeating() throws {
        let parsed = try Sample.parser.parse(["list", "a", "b", "c"])
        #expect(parsed.all(Sample.files) == ["a", "b", "c"])
        #expect(try Sample.parser.parse(["list"]).all(Sample.files).isEmpty)
    }

    @Test("the usage line names every argument and option, exclusive ones as one choice")
    func usage() {
        #expect(Sample.log.usage(program: "p") == "p log VALUE [--size SIZE] [--count N] [--dry-run] [--since DATE | --range R]")
        #expect(Sample.list.usage(program: "p") == "p list [FILE...] [--count N]")
    }

    @Test("an enumerated option completes with its values, in their order")
    func completion() {
        #expect(Sample.size.spec.completion == .values(["small", "large"]))
        #expect(Sample.count.spec.completion == .none)
        #expect(Sample.dryRun.spec.takesValue == false)
    }
}
