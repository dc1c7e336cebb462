import ArgumentParsing
import Testing

@testable import trend

/// Usage, help, the man page and completions are generated from each
/// command's declaration; these check the declarations themselves.
@Suite("Command declarations")
struct CommandDeclarationTests {
    static let commands = CommandTable.configurations

    @Test("every example in help parses, and builds its command", arguments: commands.flatMap { command in command.examples.map { (command.name, $0) } })
    func examplesParse(command: String, example: String) throws {
        // The `trend COMMAND …` part of an example, before any redirection.
        let segments = example.split(separator: "|").map { ShellWords.split($0.split(separator: ">")[0]) }
        let names = try #require(CommandTable.parser.command(named: command)).names
        let words = try #require(segments.first { $0.count > 1 && $0[0] == "trend" && names.contains($0[1]) })
        let parsed = try CommandTable.parser.parse(Array(words.dropFirst()))
        #expect(parsed.command?.name == command)
        let type = try #require(CommandTable.command(named: command))
        _ = try type.init(parsed)
    }

    @Test("the usage line names every argument and option of the command", arguments: commands.map(\.name))
    func usageNamesEverything(name: String) throws {
        let command = try #require(CommandTable.parser.command(named: name))
        for argument in command.arguments { #expect(command.usage(program: "trend").contains(argument.name)) }
        for option in command.options { #expect(command.usage(program: "trend").contains("--" + option.long), "\(option.long)") }
    }

    @Test("a command is found by the names its configuration declares")
    func namesMatchConfigurations() throws {
        for type in CommandTable.commands {
            #expect(type.configuration.names == type.names)
            for name in type.names {
                #expect(CommandTable.parser.command(named: name)?.name == type.configuration.name)
            }
        }
        #expect(CommandTable.parser.command(named: "nope") == nil)
        #expect(throws: UsageError(message: "unknown command 'lgo'. Did you mean 'log'?")) { try CommandTable.parser.parse(["lgo"]) }
        #expect(try CommandTable.parser.parse(["rm", "abcd"]).command?.name == "remove")
    }

    @Test("names are unique: no command, alias or option is declared twice")
    func unique() {
        let names = Self.commands.flatMap(\.names)
        #expect(Set(names).count == names.count)
        let globals = CommandTable.globalOptions.map(\.long)
        for command in Self.commands {
            let longs = command.options.map(\.long) + globals
            #expect(Set(longs).count == longs.count, "\(command.name)")
            let shorts = (command.options + CommandTable.globalOptions).compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "\(command.name)")
        }
    }

    @Test("typed values are refused by the parser with what was expected", arguments: [
        (["list", "--limit", "0"], "expected a whole number above 0"),
        (["last", "--max-age", "3 days"], "expected N followed by min, h, d or w"),
        (["last", "--max-age", "1m"], "could be minutes or months: write 1min, or 30d for a month"),
        (["progress", "--range", "2M"], "expected 1M, 3M, 6M, 1Y, All"),
        (["export", "--format", "text"], "expected csv, json"),
        (["import", "x.csv", "--format", "excel"], "expected auto, apple-health"),
        (["unit", "furlong"], "for UNIT: expected kg, lb, st"),
        (["--data-dir", "", "list"], "expected a path, not empty"),
    ])
    func typedValues(arguments: [String], expectation: String) {
        #expect {
            _ = try CommandTable.parser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(expectation) == true
        }
    }

    @Test("exclusive options are refused together and shown as alternatives")
    func exclusive() throws {
        #expect(throws: UsageError.self) { try CommandTable.parser.parse(["list", "--range", "1M", "--since", "2026-01-01"]) }
        #expect(throws: UsageError.self) { try CommandTable.parser.parse(["edit", "abcd", "--note", "x", "--clear-note"]) }
        let list = try #require(CommandTable.parser.command(named: "list"))
        #expect(list.usage(program: "trend").contains("[--range RANGE | --since DATE]"))
    }
}

/// Splits an example command line into words, honouring single quotes.
enum ShellWords {
    static func split(_ text: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for character in text {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " " && !quoted {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
