// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "StyledText",
    defaultLocalization: "en",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "StyledText", targets: ["StyledText"]),
    ],
    dependencies: [],
    targets: [
        .target(
            name: "StyledText",
            exclude: ["Template/Entities"]
        ),
        .executableTarget(
            name: "Playground",
            dependencies: ["StyledText"],
            path: "Playground"
        ),
        .testTarget(
            name: "StyledTextTests",
            dependencies: ["StyledText"],
            exclude: ["Snapshots", "Fixtures"],
            resources: [.process("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
