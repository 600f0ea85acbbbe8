import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// Facts about the account and computer `pair-host` runs on.
public enum LocalAccount {
    /// The login name of the effective user.
    public static var user: String {
        if let pw = getpwuid(geteuid()), let name = pw.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? "root"
    }

    /// The home directory of the effective user.
    public static var home: String {
        if let pw = getpwuid(geteuid()), let dir = pw.pointee.pw_dir { return String(cString: dir) }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The computer's name as shown in the code: the host name up to the first dot, at most 64 characters.
    public static var computerName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "computer" }
        let full = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let short = String(full.split(separator: ".").first ?? "")
        let name = String(short.filter { !$0.isWhitespace }.prefix(64))
        return !name.isEmpty && PairingFieldRules.isComputerName(name) && !SafeText.containsUnsafe(name) ? name : "computer"
    }

    /// The canonical path of the running executable (for the forced command).
    public static var executablePath: String? { currentExecutablePath() }
}

/// Reads the enroll's standard input: until EOF, two complete lines, too many bytes, or the deadline.
public enum EnrollInput {
    public static func read(descriptor: Int32 = STDIN_FILENO, until deadline: Date) -> [UInt8] {
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !EnrollRequest.isComplete(input) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { break }
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { LibC.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            input += buffer[0..<n]
        }
        return input
    }
}
