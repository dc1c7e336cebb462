// swift-tools-version:6.0
import PackageDescription

/// Opt-in start-up tweak for the benchmark and install scripts:
/// `TREND_NO_PIE=1 swift build -c release --static-swift-stdlib` links a
/// position-dependent executable, which has no relative relocations for the
/// loader to apply (about a millisecond less at start-up). Never on by
/// default: with the dynamic Swift runtime the loader then warns on every run,
/// it turns off address randomisation, and SwiftPM refuses unsafe flags in a
/// package used as a dependency. With it, the executable's own symbols are
/// not exported to the loader's table (2,300 of them: --version 2.42 →
/// 2.24 ms A/B); a crash report still names them from the symbol table.
/// And the C++ runtime, the unwinder and zlib are linked in from their
/// static archives (`Packaging/static-runtime` holds the linker scripts that
/// the library search finds first), so the loader maps only libc and libm:
/// --version 1.99 → 1.47 ms A/B. Only with the static Swift runtime: the
/// dynamic one loads libstdc++.so itself, and two copies must not meet.
let startUpFlags: [LinkerSetting] =
    Context.environment["TREND_NO_PIE"] == "1"
    ? [
        .unsafeFlags(
            ["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic", "-L", Context.packageDirectory + "/Packaging/static-runtime"],
            .when(platforms: [.linux], configuration: .release))
    ] : []

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
        // glibc's mallopt, for the executable's start-up (no library to link).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "TrendCore", dependencies: ["CZlib"]),
        // What each screen shows (ViewModels), the JSON contracts, and the renderers of every output.
        // Fonts: the chart font's source files and licence; its bytes are built in (Charts/FontData.swift).
        .target(name: "TrendPresentation", dependencies: ["TrendCore"], exclude: ["Fonts"]),
        .executableTarget(name: "trend", dependencies: ["TrendCore", "TrendPresentation", "CMalloc"], linkerSettings: startUpFlags),
        .target(name: "TestSupport", dependencies: ["TrendCore", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(name: "TrendCoreTests", dependencies: ["TrendCore", "TestSupport"]),
        .testTarget(name: "TrendPresentationTests", dependencies: ["TrendPresentation", "TrendCore", "TestSupport"], exclude: ["Golden"]),
        // Depends on the executable so `swift test` builds the binary it runs.
        .testTarget(name: "TrendCLITests", dependencies: ["TrendCore", "TrendPresentation", "TestSupport", "trend"]),
    ],
    swiftLanguageModes: [.v6]
)
