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
        .executableTarget(name: "trend", dependencies: ["TrendCore"]),
        .target(name: "TestSupport", dependencies: ["TrendCore"], path: "Tests/TestSupport"),
        .testTarget(name: "TrendCoreTests", dependencies: ["TrendCore", "TestSupport"]),
        // Depends on the executable so `swift test` builds the binary it runs.
        .testTarget(name: "TrendCLITests", dependencies: ["TrendCore", "TestSupport", "trend"]),
    ],
    swiftLanguageModes: [.v6]
)
