// swift-tools-version:6.0
import PackageDescription

/// What `make` (and so `make install`, the .deb and Benchmarks/run) links
/// into the release binary on Linux, with the static Swift runtime: the C++
/// runtime and the unwinder from their static archives (the linker scripts
/// in `Packaging/static-runtime`, which the library search finds first), so
/// the loader maps and resolves neither libstdc++.so nor libgcc_s.so at every
/// start; and the executable's own symbols kept out of the loader's table,
/// which every symbol lookup searches first (a crash report still names them
/// from the symbol table). Linked by lld, whose packed relative
/// relocations (`-z pack-relative-relocs`, glibc 2.36) put the 43,000
/// addresses the loader fixes up at every start in a few kilobytes instead
/// of a megabyte. The code and the writable data the everyday commands
/// use are placed together (`Packaging/link-order`), so a run faults in
/// fewer pages. The binary stays position-independent. Off unless asked
/// for: with the dynamic Swift runtime, libswiftCore.so loads
/// libstdc++.so itself and two copies must not meet, and SwiftPM refuses
/// unsafe flags in a package used as a dependency.
let staticRuntime: [LinkerSetting] =
    Context.environment["TREND_STATIC_RUNTIME"] == "1"
    ? [
        .unsafeFlags(
            [
                "-use-ld=lld", "-L", Context.packageDirectory + "/Packaging/static-runtime", "-Xlinker", "--no-export-dynamic",
                "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Packaging/link-order/trend.order",
                "-Xlinker", "--no-warn-symbol-ordering",
            ],
            .when(platforms: [.linux], configuration: .release))
    ] : []

/// In `make`'s build, `Sources/CArgumentVector` defines the two functions
/// the runtime's `CommandLine` reads argv through, so the runtime's own are
/// not linked: their constructor reads /proc/self/maps at every start. In
/// other builds it compiles to nothing.
let argumentVector: [CSetting] =
    Context.environment["TREND_STATIC_RUNTIME"] == "1"
    ? [.define("TREND_STATIC_RUNTIME", .when(platforms: [.linux], configuration: .release))] : []

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
        // glibc's mallopt and malloc_trim: the executable's start-up, and the
        // library giving back what a large load freed (no library to link).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // Where a new thread runs (sched_getcpu, thread affinity): Linux only.
        .systemLibrary(name: "CThreads", path: "Sources/CThreads"),
        // argv for CommandLine, as glibc passes it (ArgumentVector.c): in make's build only.
        .target(name: "CArgumentVector", cSettings: argumentVector),
        .target(name: "TrendCore", dependencies: ["CZlib", "CMalloc", "CThreads"]),
        // What each screen shows (ViewModels), the JSON contracts, and the renderers of every output.
        // Fonts: the chart font's source files and licence; its bytes are built in (Charts/FontData.swift).
        .target(name: "TrendPresentation", dependencies: ["TrendCore"], exclude: ["Fonts"]),
        // libdispatch: the main thread serves the main queue itself (MainQueueLoop).
        .executableTarget(
            name: "trend", dependencies: ["TrendCore", "TrendPresentation", "CMalloc", "CArgumentVector"],
            linkerSettings: [.linkedLibrary("dispatch", .when(platforms: [.linux]))] + staticRuntime),
        .target(name: "TestSupport", dependencies: ["TrendCore", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(name: "TrendCoreTests", dependencies: ["TrendCore", "TestSupport"]),
        .testTarget(name: "TrendPresentationTests", dependencies: ["TrendPresentation", "TrendCore", "TestSupport"], exclude: ["Golden"]),
        // Depends on the executable so `swift test` builds the binary it runs.
        .testTarget(name: "TrendCLITests", dependencies: ["TrendCore", "TrendPresentation", "TestSupport", "trend"]),
    ],
    swiftLanguageModes: [.v6]
)

/// What a nonisolated `async` function runs on, as Swift will by default (SE-0461): its
/// caller's actor, not the global executor. A command runs on the main
/// actor from start to end; with the old default, each call into the
/// repository hopped to the global executor and back, and the first hop
/// started libdispatch's thread pool (two threads and a manager) in every
/// run, for work that never ran in parallel. Heavy work that should leave
/// the main actor says so (`Task.detached`, `OtherCore`).
let callerIsolation: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

/// In `make`'s build (see `staticRuntime`): a generic type our code names
/// (`[String: String]`, `KeyedEncodingContainer<CodingKeys>`, a key path's
/// class) is made by calling its metadata accessor, not by demangling its
/// mangled name at first use and checking its requirements by name. Every
/// run makes some sixty of them once; the code is a little larger. And
/// each function and global in a section of its own, which the linker can
/// then place in the order `Packaging/link-order/trend.order` gives.
let installedBuildCode: [SwiftSetting] =
    Context.environment["TREND_STATIC_RUNTIME"] == "1"
    ? [
        .unsafeFlags(
            ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"],
            .when(platforms: [.linux], configuration: .release))
    ] : []

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + callerIsolation + installedBuildCode
}
