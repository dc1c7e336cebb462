// swift-tools-version:6.0
import PackageDescription

/// How the release binary links on Linux. Always the Swift runtime and
/// Foundation from their static archives: a dynamically linked runtime
/// costs every command several milliseconds of loading and first-time
/// type lookups across its libraries before it does anything
/// (Benchmarks/RESULTS.md), so the plain `swift build -c release` links
/// as `make` does. What `make` (and so `make install`, the .deb and
/// Benchmarks/run) adds: the C++ runtime and the unwinder from their
/// static archives too (the linker scripts in `Packaging/static-runtime`),
/// so the installed binary and its .deb need nothing but the C library and
/// zlib. SwiftPM refuses unsafe flags in a package used as a dependency;
/// these are on the executable only, which no other package links.
///
/// Only the link differs between the two: `--static-swift-stdlib` would add
/// `-static-stdlib` to every compile command as well, so `make` after a
/// plain release build (CI runs both) would compile every module again
/// for the same objects. Given here, on the link alone, the second build
/// only links.
/// What `--static-swift-stdlib` links: the runtime, and the two archives FoundationEssentials needs beside it.
let staticSwiftRuntime = ["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims"]
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(
        staticSwiftRuntime
            + (Context.environment["TREND_STATIC_RUNTIME"] == "1" ? ["-use-ld=lld", "-L", Context.packageDirectory + "/Packaging/static-runtime"] : []),
        .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "trend",
    // macOS 15: the signal handler's atomics (Synchronization) need it.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TrendCore", targets: ["TrendCore"]),
        .library(name: "TrendPresentation", targets: ["TrendPresentation"]),
        .executable(name: "trend", targets: ["trend"]),
    ],
    targets: [
        // The system zlib (zlib.h, libz): not a package dependency.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // glibc's mallopt, which the Glibc module leaves out (no library to link).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "TrendCore", dependencies: ["CZlib"]),
        // What each screen shows (ViewModels), the JSON contracts, and the renderers of every output.
        // Fonts: the chart font's source files and licence; its bytes are built in (Charts/FontData.swift).
        .target(name: "TrendPresentation", dependencies: ["TrendCore"], exclude: ["Fonts"]),
        // `trend ui`: the terminal dashboard, a second face on the same ViewModels (SPEC §19).
        .target(name: "TrendTerminal", dependencies: ["TrendCore", "TrendPresentation"]),
        // Command lines parsed against typed declarations, in the manner of swift-argument-parser.
        .target(name: "ArgumentParsing"),
        .executableTarget(name: "trend", dependencies: ["TrendCore", "TrendPresentation", "TrendTerminal", "ArgumentParsing", "CMalloc"], linkerSettings: staticRuntime),
        .target(name: "TestSupport", dependencies: ["TrendCore", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(name: "TrendCoreTests", dependencies: ["TrendCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TrendPresentationTests", dependencies: ["TrendPresentation", "TrendCore", "TestSupport"], exclude: ["Golden"]),
        // Depends on the executable so `swift test` builds the binary it runs.
        .testTarget(name: "TrendCLITests", dependencies: ["TrendCore", "TrendPresentation", "ArgumentParsing", "TestSupport", "trend"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "TrendTerminalTests", dependencies: ["TrendTerminal", "TrendPresentation", "TrendCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

/// A nonisolated `async` function runs on its caller's actor, as Swift will
/// by default (SE-0461): a command stays on the main actor from start to
/// end, and work that should leave it says so (`Task.detached`).
let callerIsolation: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + callerIsolation
}
