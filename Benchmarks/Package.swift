// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "StyledTextBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named explicitly: the checkout's directory name differs between machines and CI.
        .package(name: "StyledText", path: ".."),
        // MallocInterposer only: it counts allocations without jemalloc, and leaving out the default
        // RuntimeInterposer trait keeps the Linux Swift 6.3 ARC interposer (and its extra package) out.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Deterministic corpus generators, reusable by tests, fuzzers and other tools.
        .target(name: "BenchmarkCorpus"),
        // The peers' approaches and the floors, written here, producing the same runs as StyledText.
        .target(
            name: "Baselines",
            dependencies: [.product(name: "StyledText", package: "StyledText")]
        ),
        // What each benchmark runs, shared with the Profile tool.
        .target(
            name: "Workloads",
            dependencies: ["BenchmarkCorpus", "Baselines", .product(name: "StyledText", package: "StyledText")]
        ),
        .executableTarget(
            name: "StyledTextBenchmarks",
            dependencies: [
                "BenchmarkCorpus", "Baselines", "Workloads",
                .product(name: "StyledText", package: "StyledText"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StyledTextBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AdversarialBenchmarks",
            dependencies: [
                "BenchmarkCorpus", "Workloads",
                .product(name: "StyledText", package: "StyledText"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AdversarialBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Runs one workload in a loop, for `valgrind --tool=callgrind` (see Docs/Performance.md).
        .executableTarget(
            name: "Profile",
            dependencies: ["BenchmarkCorpus", "Baselines", "Workloads",
                           .product(name: "StyledText", package: "StyledText")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
