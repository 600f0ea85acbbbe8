// swift-tools-version:6.0
// Drover: an SSH client for herdr sessions. Module layout and dependency
// direction follow docs/architecture.md: dependencies point downward only.
import Foundation
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

/// libssh2 1.11.1 or newer, built by scripts/bootstrap into .build/libssh2 where the system's is
/// older (Debian 12), is linked statically from there; otherwise the system's is found through
/// pkg-config (ADR 0019). Sources/CLibSSH2/shim.h stops the build, naming the fix, on an older one.
let privateLibSSH2 = Context.packageDirectory + "/.build/libssh2"
let usesPrivateLibSSH2 = FileManager.default.fileExists(atPath: privateLibSSH2 + "/lib/libssh2.a")

let package = Package(
    name: "Drover",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "drover", targets: ["drover"]),
    ],
    targets: [
        // System libraries, found through pkg-config: Debian -dev packages or Homebrew formulae
        // (scripts/bootstrap installs either).
        .systemLibrary(name: "CLibSSH2", path: "Sources/CLibSSH2", pkgConfig: usesPrivateLibSSH2 ? nil : "libssh2",
                       providers: [.apt(["libssh2-1-dev"]), .brew(["libssh2"])]),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        // libqrencode (QR), libpng (Pairing's PNG reader) and libzbar (its QR scanner) are not
        // linked: each is opened at its first use (ADR 0018, ADR 0033). CPNG is only for the
        // Pairing tests, which write PNG pictures to scan.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),

        // The C library (Glibc, Musl or Darwin) and the few calls they spell differently.
        // Every module that calls the C library imports this instead (ADR 0009).
        .target(name: "LibC"),

        // Pure modules, lowest first.
        .target(name: "VT", dependencies: ["LibC"]),
        // The one poll(2) loop, its signal self-pipe and the cross-thread mailbox (libc only).
        .target(name: "Loop", dependencies: ["LibC"]),
        .target(name: "TextSafety"),
        .target(name: "Files", dependencies: ["LibC", "TextSafety"]),
        .target(name: "QR", dependencies: ["LibC"]),
        .target(name: "Render", dependencies: ["VT", "TextSafety"]),
        // History mode: frozen scrollback, the rewind of past screens, search, selection.
        .target(name: "History", dependencies: ["VT"]),
        .target(name: "Identity", dependencies: ["LibC", "Files", "TextSafety", "COpenSSL"]),
        .target(name: "SSH", dependencies: ["LibC", "Files", "Loop", "Identity", "TextSafety", "CLibSSH2"]),
        .target(name: "Hosts", dependencies: ["LibC", "Files", "TextSafety"]),
        .target(name: "Console", dependencies: ["LibC", "VT", "Render", "Loop", "History", "TextSafety"]),
        .target(name: "Pairing", dependencies: [
            "LibC", "Loop", "Files", "TextSafety", "Identity", "SSH", "Hosts",
        ]),
        .target(name: "Sessions", dependencies: [
            "LibC", "Loop", "Files", "TextSafety", "VT", "Render", "Console", "Identity", "SSH", "Hosts", "History",
        ]),
        .target(name: "DroverCLI", dependencies: [
            "Files", "TextSafety", "VT", "Render", "QR", "Identity", "SSH", "Hosts", "Pairing", "Sessions", "Console", "LibC",
            "Loop",
        ]),
        .executableTarget(name: "drover", dependencies: ["LibC", "DroverCLI"]),

        // Test support: a real OpenSSH sshd on loopback, temporary DROVER_HOME, process helpers.
        .target(name: "TestSupport", dependencies: ["LibC"], path: "Tests/TestSupport"),

        // Every test target lists exactly the modules its files import (ManifestTests checks).
        .testTarget(name: "LibCTests", dependencies: ["LibC"]),
        .testTarget(name: "ManifestTests"),
        .testTarget(name: "VTTests", dependencies: ["VT", "TestSupport"],
                    exclude: ["Corpus", "XtermCorpus", "Input/XtermKeys.tsv"]),
        .testTarget(name: "RenderTests", dependencies: ["LibC", "Render", "VT", "TextSafety", "TestSupport"]),
        .testTarget(name: "IdentityTests", dependencies: ["LibC", "Files", "Identity", "TestSupport"]),
        .testTarget(name: "SSHTests", dependencies: ["LibC", "Loop", "SSH", "Identity", "TestSupport"]),
        .testTarget(name: "HostsTests", dependencies: ["LibC", "Files", "TextSafety", "Hosts", "SSH", "TestSupport"]),
        .testTarget(name: "LoopTests", dependencies: ["LibC", "Loop"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "VT"]),
        .testTarget(name: "ConsoleTests", dependencies: ["LibC", "Console", "Loop", "VT", "Render", "History"]),
        .testTarget(name: "PairingTests", dependencies: [
            "LibC", "Files", "QR", "Pairing", "Identity", "Hosts", "TestSupport", "CPNG",
        ]),
        .testTarget(name: "SessionsTests", dependencies: [
            "LibC", "Loop", "VT", "Render", "Files", "Identity", "SSH", "Hosts", "Sessions", "Console", "TestSupport",
        ]),
        .testTarget(name: "FilesTests", dependencies: ["LibC", "Files"]),
        .testTarget(name: "DroverCLITests", dependencies: [
            "LibC", "Files", "VT", "QR", "Identity", "SSH", "Sessions", "DroverCLI", "TestSupport", "Hosts",
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds on Linux link the Swift runtime and FoundationEssentials statically, as
// `--static-swift-stdlib` does (ADR 0033): a process then keeps resident only the pages of them
// it touches, and `drover` stays one file. Every module compiles against the static resource
// directory too: its modules name the static libraries they need.
// Each function in its own section (the frontend's -function-sections; the driver does not know
// the flag): lld can then lay out the functions an attach runs one by one, where a file's internal
// functions used to share one .text section that moved whole (ADR 0033).
let staticRuntime = SwiftSetting.unsafeFlags(["-static-stdlib", "-Xfrontend", "-function-sections"],
                                            .when(platforms: [.linux], configuration: .release))
for target in package.targets where target.type != .system && target.type != .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [staticRuntime]
}
let executable = package.targets.first { $0.name == "drover" }!
// Relative relocations packed (DT_RELR) where this machine's glibc reads them (2.36 and newer,
// GLIBC_ABI_DT_RELR): 78,000 of them as 1.9 MB of .rela.dyn were read at every start (ADR 0033).
// Drover is built where it runs (scripts/install); a copy taken to an older glibc refuses to start
// with "version `GLIBC_ABI_DT_RELR' not found". An older build machine keeps the unpacked table.
let packedRelocations: [String] = glibcReadsPackedRelocations() ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []

/// Whether the C library here is glibc 2.36 or newer (confstr: Glibc's module does not export
/// gnu_get_libc_version). False on musl, macOS and anything that does not answer "glibc X.Y".
func glibcReadsPackedRelocations() -> Bool {
    #if os(Linux) && canImport(Glibc)
    var answer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &answer, answer.count) > 0 else { return false }
    let text = answer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let words = String(decoding: text, as: UTF8.self).split(separator: " ")
    guard words.count == 2, words[0] == "glibc" else { return false }
    let parts = words[1].split(separator: ".").map { Int($0) ?? 0 }
    guard parts.count >= 2 else { return false }
    return (parts[0], parts[1]) >= (2, 36)
    #else
    return false
    #endif
}

// libstdc++ linked statically where GCC's libstdc++.a is installed (the Swift runtime's demangler
// and metadata caches use it): the toolchain's static-stdlib-args.lnk names the shared `-lstdc++`
// before any flag here, so a directory searched first (user -L paths precede the compiler's own)
// holds a linker script named libstdc++.so that links `-l:libstdc++.a` instead
// (scripts/libstdcxx-static; not under Sources, where every directory is a target).
// The process then maps no libstdc++.so.6 (ADR 0033). Without the archive, or with
// DROVER_SHARED_LIBSTDCXX=1 in the build's environment (a toolchain whose clang picks another GCC
// installation than this guess, an archive not built for PIE): the shared library.
let staticLibStdCxx: [String] = Context.environment["DROVER_SHARED_LIBSTDCXX"] == nil && gccInstallationHasStaticLibStdCxx()
    ? ["-L" + Context.packageDirectory + "/scripts/libstdcxx-static"] : []

// lld, not gold: gold repeats glibc's link-time warning about mktemp, which FoundationEssentials
// calls, in every release build. The functions an attach runs are laid out together
// (scripts/startup-order.txt, written by scripts/gen-startup-order): scattered, each page of them
// brings its 64 KiB neighbourhood into the resident size. Names the code no longer has are skipped.
// The compiler's nameless local helpers, which the order file cannot name, are kept together
// instead (scripts/startup-local.ld).
// No dynamic symbol table of Drover's own symbols: the toolchain's static-stdlib arguments
// export them (5,900 names, 380 KB of .dynsym and .dynstr), and the loader consults that table
// first in every symbol lookup of every library; nothing looks symbols up in drover (ADR 0033).
executable.linkerSettings = [.unsafeFlags([
    "-static-stdlib", "-use-ld=lld",
    "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/scripts/startup-order.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
    "-Xlinker", "-T", "-Xlinker", Context.packageDirectory + "/scripts/startup-local.ld",
    "-Xlinker", "--no-export-dynamic",
] + packedRelocations + staticLibStdCxx, .when(platforms: [.linux], configuration: .release))]

/// Whether the GCC installation clang links against (the newest /usr/lib{,64}/gcc/ARCH-*linux*/N
/// holding crtbegin.o, as clang picks it) has libstdc++.a. `-l:libstdc++.a` is searched for on
/// that installation's -L path, so a yes here means the release link finds it.
func gccInstallationHasStaticLibStdCxx() -> Bool {
    #if os(Linux) && canImport(Glibc)
    var machine = utsname()
    guard uname(&machine) == 0 else { return false }
    let arch = withUnsafeBytes(of: &machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let files = FileManager.default
    var newest: (version: [Int], path: String)?
    for root in ["/usr/lib/gcc", "/usr/lib64/gcc"] {
        let triples = (try? files.contentsOfDirectory(atPath: root)) ?? []
        for triple in triples where triple.hasPrefix(arch + "-") && triple.contains("linux") {
            for name in (try? files.contentsOfDirectory(atPath: root + "/" + triple)) ?? [] {
                let path = root + "/" + triple + "/" + name
                let version = name.split(separator: ".").map { Int($0) ?? -1 }
                guard !version.contains(-1), files.fileExists(atPath: path + "/crtbegin.o") else { continue }
                if newest.map({ version.lexicographicallyPrecedes($0.version) }) != true { newest = (version, path) }
            }
        }
    }
    return newest.map { files.fileExists(atPath: $0.path + "/libstdc++.a") } ?? false
    #else
    return false
    #endif
}

// The private libssh2's headers for every module that sees CLibSSH2 (its modulemap's header
// includes <libssh2.h>), and its static library for whatever links SSH.
if usesPrivateLibSSH2 {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xcc", "-I" + privateLibSSH2 + "/include"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-I" + privateLibSSH2 + "/include"])]
    }
    // By path, not -lssh2: another library's -L/usr/lib/... would otherwise find the system's first.
    let ssh = package.targets.first { $0.name == "SSH" }!
    ssh.linkerSettings = (ssh.linkerSettings ?? []) + [.unsafeFlags([privateLibSSH2 + "/lib/libssh2.a"])]
}
