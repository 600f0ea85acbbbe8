import Foundation
import LibC

/// The built `drover` run with its standard input from a file, reaped with wait4(2) so the
/// kernel's own peak resident size of that one child (ru_maxrss, the VmHWM it had at exit) comes
/// back with its status: the bound on what a hostile input can make Drover allocate (ADR 0028).
public enum PeakMemory {
    public struct Result: Sendable {
        public let status: Int32
        public let stderr: String
        /// Peak resident set size in KiB.
        public let peakKiB: Int
    }

    public static func runDrover(_ arguments: [String], home: String, stdinPath: String = "/dev/null") throws -> Result {
        let errPath = NSTemporaryDirectory() + "/drover-peak-\(UUID().uuidString).err"
        defer { unlink(errPath) }
        let inFD = open(stdinPath, O_RDONLY | O_CLOEXEC)
        let errFD = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(inFD); close(errFD) }
        guard inFD >= 0, errFD >= 0 else { throw TestSupportError("cannot open \(stdinPath) or \(errPath)") }
        let env = ProcessInfo.processInfo.environment.merging(["DROVER_HOME": home]) { $1 }
        let child = try ChildProcess(DroverBinary.path, arguments, environment: env, stdin: inFD, stderr: errFD)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child.pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let err = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        return Result(status: code, stderr: err, peakKiB: Int(usage.ru_maxrss))
    }
}
