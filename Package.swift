// swift-tools-version:6.0
// Drover: an SSH client for herdr sessions. Module layout and dependency
// direction follow docs (DESIGN.md): dependencies point downward only.
import PackageDescription

let package = Package(
    name: "Drover",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "drover", targets: ["drover"]),
    ],
    targets: [
        // System libraries (Debian -dev packages, found through pkg-config).
        .systemLibrary(name: "CLibSSH2", path: "Sources/CLibSSH2", pkgConfig: "libssh2",
                       providers: [.apt(["libssh2-1-dev"])]),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),

        // Pure modules, lowest first.
        .target(name: "VT"),
        .target(name: "Files"),
        .target(name: "Render", dependencies: ["VT"]),
        .target(name: "Identity", dependencies: ["Files", "COpenSSL", "CQREncode"]),
        .target(name: "SSH", dependencies: ["Identity", "CLibSSH2"]),
        .target(name: "Hosts", dependencies: ["Files"]),
        .target(name: "Console", dependencies: ["VT", "Render"]),
        .target(name: "Pairing", dependencies: ["SSH", "Identity", "Hosts", "Files", "CQREncode"]),
        .target(name: "Sessions", dependencies: ["VT", "Render", "Console", "SSH", "Hosts", "Identity", "Files"]),
        .target(name: "DroverCLI", dependencies: [
            "VT", "Render", "Files", "Identity", "SSH", "Hosts", "Console", "Pairing", "Sessions",
        ]),
        .executableTarget(name: "drover", dependencies: ["DroverCLI"]),

        // Test support: a real OpenSSH sshd on loopback, temporary DROVER_HOME, process helpers.
        .target(name: "TestSupport", dependencies: ["Identity", "Files"], path: "Tests/TestSupport"),

        .testTarget(name: "VTTests", dependencies: ["VT", "TestSupport"], exclude: ["Corpus", "XtermCorpus"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "VT", "TestSupport"]),
        .testTarget(name: "IdentityTests", dependencies: ["Identity", "TestSupport"]),
        .testTarget(name: "SSHTests", dependencies: ["SSH", "Identity", "TestSupport"]),
        .testTarget(name: "HostsTests", dependencies: ["Hosts", "SSH", "TestSupport"]),
        .testTarget(name: "ConsoleTests", dependencies: ["Console", "VT", "Render"]),
        .testTarget(name: "PairingTests", dependencies: ["Pairing", "Identity", "Hosts", "TestSupport"]),
        .testTarget(name: "SessionsTests", dependencies: ["Sessions", "TestSupport"]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "DroverCLITests", dependencies: ["DroverCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
