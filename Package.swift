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
        .testTarget(name: "TrendCoreTests", dependencies: ["TrendCore"]),
        .testTarget(name: "TrendCLITests", dependencies: ["TrendCore"]),
    ],
    swiftLanguageModes: [.v6]
)
