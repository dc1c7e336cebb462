// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "trend",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TrendCore", targets: ["TrendCore"]),
        .executable(name: "trend", targets: ["trend"]),
    ],
    targets: [
        .target(name: "TrendCore"),
        .executableTarget(
            name: "trend", dependencies: ["TrendCore"],
            // A position-dependent executable has no relative relocations for
            // the loader to apply: start-up is about a millisecond faster.
            // (Release only: release builds link the Swift runtime statically.)
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))]),
        .target(name: "TestSupport", dependencies: ["TrendCore"], path: "Tests/TestSupport"),
        .testTarget(name: "TrendCoreTests", dependencies: ["TrendCore", "TestSupport"]),
        // Depends on the executable so `swift test` builds the binary it runs.
        .testTarget(name: "TrendCLITests", dependencies: ["TrendCore", "TestSupport", "trend"]),
    ],
    swiftLanguageModes: [.v6]
)
