import Console
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Files
import LibC
import Loop
import TextSafety

/// The picture on this computer's clipboard, through the first tool that exists: `wl-paste`
/// (Wayland), `xclip` (X11), or `osascript` (macOS, which prints the PNG data as hex). Runs on
/// a worker thread; output is read up to `LocalImages.maximumSize`.
enum ClipboardImage {
    struct Tool: Equatable {
        let path: String
        let arguments: [String]
        var name: String { PathText.lastComponent(of: path) }
        /// osascript prints `«data PNGf89504E47…»` instead of raw bytes.
        var printsHex: Bool { name == "osascript" }
    }

    static var installAdvice: String {
        "install xclip (X11) or wl-clipboard (Wayland) here, then press \(PrefixKeyHandler.keys(for: .pasteImage)) again"
    }

    /// The tool to use with `environment` (PATH, DISPLAY, WAYLAND_DISPLAY), or nil.
    static func tool(environment: [String: String]) -> Tool? {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            directories.lazy.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
        }
        if environment["WAYLAND_DISPLAY"]?.isEmpty == false, let path = find("wl-paste") {
            return Tool(path: path, arguments: ["--no-newline", "--type", "image/png"])
        }
        if environment["DISPLAY"]?.isEmpty == false, let path = find("xclip") {
            return Tool(path: path, arguments: ["-selection", "clipboard", "-t", "image/png", "-o"])
        }
        if let path = find("osascript") {
            return Tool(path: path, arguments: ["-e", "the clipboard as «class PNGf»"])
        }
        return nil
    }

    static func gather(environment: [String: String]) -> GatheredImages {
        guard let tool = tool(environment: environment) else {
            let hasDisplay = environment["DISPLAY"]?.isEmpty == false || environment["WAYLAND_DISPLAY"]?.isEmpty == false
            // Advice first and under ~100 columns: the status line cuts what is longer.
            return .failed(hasDisplay ? "no clipboard tool: \(installAdvice)"
                : "\(PrefixKeyHandler.keys(for: .pasteImage)): run Drover in a desktop session with xclip or wl-clipboard (no DISPLAY or WAYLAND_DISPLAY)")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(tool.path, arguments: tool.arguments, environment: environment, output: .pipe)
        } catch {
            return .failed("\(installAdvice) (\(tool.name) could not start: \(error))")
        }
        // A tool that hangs (a clipboard owner that never answers) is stopped, so this thread ends.
        let watchdog = DispatchWorkItem { child.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + toolTimeout, execute: watchdog)
        let limit = tool.printsHex ? 2 * LocalImages.maximumSize + 64 : LocalImages.maximumSize
        let bytes = child.output.flatMap { LocalImages.readUpTo($0, limit + 1) } ?? []
        if bytes.count > limit { child.terminate() }
        _ = child.wait()
        watchdog.cancel()
        let image = bytes.count > limit ? nil : LocalImage(bytes: tool.printsHex ? decodeHex(bytes) : bytes)
        guard let image else {
            return .failed("no picture in the clipboard: copy a screenshot, then press \(PrefixKeyHandler.keys(for: .pasteImage)) again "
                + "(\(tool.name) gave none of at most 20 MiB)")
        }
        return .images([image])
    }

    /// Longer than the run waits (`AttachRun.gatherTimeout`), so the run has given up by then.
    static let toolTimeout: TimeInterval = 20

    /// `«data PNGf89504E…»` to bytes; empty for anything else.
    static func decodeHex(_ text: [UInt8]) -> [UInt8] {
        let string = String(decoding: text, as: UTF8.self)
        guard let start = string.firstRange(of: "«data PNGf"), let end = string[start.upperBound...].firstRange(of: "»")
        else { return [] }
        return HexDigits.decode(string[start.upperBound..<end.lowerBound].utf8) ?? []
    }
}
