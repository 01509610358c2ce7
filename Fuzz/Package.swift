// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for StyledText, one single-file executable each, built with
//     swift build -c release --sanitize=fuzzer,address
// and run by run.sh. A separate package, so that the library itself stays dependency-free and builds
// without fuzzing flags. FuzzSupport holds the invariant checks, shared (through a symbolic link) with
// the regression replay test in Tests/StyledTextTests/Reliability.
let package = Package(
    name: "StyledTextFuzz",
    dependencies: [.package(name: "StyledText", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "StyledText", package: "StyledText")]),
        .executableTarget(name: "FuzzTemplate", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzEntities", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCSS", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzPipeline", dependencies: ["FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
