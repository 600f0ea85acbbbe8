// swift-tools-version:6.0
// Drover: an SSH client for herdr sessions. Module layout and dependency
// direction follow docs/architecture.md: dependencies point downward only.
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
        // Reading pairing codes from pictures (`drover pair --scan`): zbar finds and decodes the
        // QR code, libpng reads PNG files.
        .systemLibrary(name: "CZBar", path: "Sources/CZBar", pkgConfig: "zbar",
                       providers: [.apt(["libzbar-dev"]), .brew(["zbar"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),

        // Pure modules, lowest first.
        .target(name: "VT"),
        // The one poll(2) loop, its signal self-pipe and the cross-thread mailbox (libc only).
        .target(name: "Loop"),
        .target(name: "TextSafety"),
        .target(name: "Files"),
        .target(name: "Render", dependencies: ["VT", "TextSafety"]),
        .target(name: "Identity", dependencies: ["Files", "COpenSSL", "CQREncode"]),
        .target(name: "SSH", dependencies: ["Identity", "CLibSSH2"]),
        .target(name: "Hosts", dependencies: ["Files", "TextSafety"]),
        .target(name: "Console", dependencies: ["VT", "Render", "Loop"]),
        .target(name: "Pairing", dependencies: ["SSH", "Identity", "Hosts", "Files", "TextSafety", "CQREncode", "CZBar", "CPNG", "Loop"]),
        .target(name: "Sessions", dependencies: ["VT", "Render", "Loop", "Console", "SSH", "Hosts", "Identity", "Files"]),
        .target(name: "DroverCLI", dependencies: [
            "VT", "Render", "Files", "Identity", "SSH", "Hosts", "Console", "Pairing", "Sessions", "TextSafety",
        ]),
        .executableTarget(name: "drover", dependencies: ["DroverCLI"]),

        // Test support: a real OpenSSH sshd on loopback, temporary DROVER_HOME, process helpers.
        .target(name: "TestSupport", dependencies: ["Identity", "Files"], path: "Tests/TestSupport"),

        .testTarget(name: "VTTests", dependencies: ["VT", "TestSupport"], exclude: ["Corpus", "XtermCorpus"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "VT", "TestSupport"]),
        .testTarget(name: "IdentityTests", dependencies: ["Identity", "TestSupport"]),
        .testTarget(name: "SSHTests", dependencies: ["SSH", "Identity", "TestSupport"]),
        .testTarget(name: "HostsTests", dependencies: ["Hosts", "SSH", "TestSupport"]),
        .testTarget(name: "LoopTests", dependencies: ["Loop"]),
        .testTarget(name: "ConsoleTests", dependencies: ["Console", "Loop", "VT", "Render"]),
        .testTarget(name: "PairingTests", dependencies: ["Pairing", "Identity", "Hosts", "TestSupport", "CPNG"]),
        .testTarget(name: "SessionsTests", dependencies: ["Sessions", "TestSupport"]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "DroverCLITests", dependencies: ["DroverCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
