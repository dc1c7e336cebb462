import Testing
import TestSupport

@testable import trend

@Suite("Terminal: what the environment says about output")
struct TerminalTests {
    @Test(
        "a locale names UTF-8 in any spelling",
        arguments: [
            ("en_GB.UTF-8", true), ("C.utf8", true), ("de_DE.Utf-8@euro", true), ("UTF-8", true), ("utf8", true),
            ("C", false), ("", false), ("POSIX", false), ("en_US.ISO-8859-1", false), ("ja_JP.UTF-16", false),
            ("UTF", false), ("UTF-", false), ("en_US.UTF_8", false),
        ])
    func utf8Locale(locale: String, expected: Bool) {
        #expect(Terminal.namesUTF8(locale) == expected)
    }

    @Test("LC_ALL wins over LC_CTYPE and LANG; an empty one is skipped")
    func localeOrder() {
        func utf8(_ environment: [String: String]) -> Bool {
            Terminal(environment: environment, noColorFlag: false).isUTF8
        }
        #expect(utf8(["LC_ALL": "C", "LANG": "en_GB.UTF-8"]) == false)
        #expect(utf8(["LC_ALL": "", "LC_CTYPE": "C.UTF-8", "LANG": "C"]) == true)
        #expect(utf8(["LANG": "en_GB.UTF-8"]) == true)
        #expect(utf8([:]) == false)
    }

    @Test("the binary reads its environment whole: a value may contain '=' and non-ASCII text")
    func environmentValues() throws {
        var harness = try CLIHarness()
        let directory = harness.directory.file("a=b é")
        harness.extraEnvironment["TREND_DATA_DIR"] = directory
        let result = try harness.run("info", "--format", "json")
        #expect(result.status == 0)
        let info = try #require(try harness.json(result.stdout) as? [String: Any])
        #expect(info["dataDirectory"] as? String == directory)
        #expect(info["source"] as? String == "TREND_DATA_DIR")
    }
}
