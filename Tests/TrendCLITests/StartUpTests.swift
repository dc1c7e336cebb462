import Foundation
import Testing
import TestSupport

/// "Instant to start" (SPEC §10) depends on what the binary links: on Linux
/// the full `Foundation` brings FoundationInternationalization and ICU
/// (36 MB of data in a static build, 3 MiB more resident and 0.8 ms more
/// for `trend --version`, measured on 1 Dec 2026 when one file imported it).
/// Every source imports FoundationEssentials where it exists; this checks the
/// result in the binary itself, whichever file forgot.
@Suite("Start-up")
struct StartUpTests {
    #if os(Linux)
    static let linksDynamically: Bool = {
        guard let binary = try? TrendBinary.locate(), let data = FileManager.default.contents(atPath: binary.url.path) else { return false }
        return data.range(of: Data("libswiftCore.so".utf8)) != nil
    }()

    @Test(
        "the binary the tests run does not link full Foundation or ICU, only FoundationEssentials",
        .enabled(if: linksDynamically, "the test binary is linked statically: its libraries are not named"))
    func linksFoundationEssentialsOnly() throws {
        let binary = try TrendBinary.locate()
        let data = try #require(FileManager.default.contents(atPath: binary.url.path))
        #expect(data.range(of: Data("libFoundationEssentials.so".utf8)) != nil)
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(data.range(of: Data((library + "\0").utf8)) == nil, "trend links \(library): a source file imports Foundation without the FoundationEssentials guard")
        }
    }
    #endif
}
