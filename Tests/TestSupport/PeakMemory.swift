import Foundation
import LibC

/// The built `drover` run with its standard input from a file, its peak resident size (the
/// kernel's ru_maxrss, the VmHWM it had at exit) back with its status: the bound on what a hostile
/// input can make Drover allocate (ADR 0028). A small Python parent forks and reaps it: a child
/// spawned straight from this test process (vfork, shared memory until exec) would be charged the
/// whole test process's resident size, which grows with the suite.
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
        let peakPath = errPath + ".peak"
        defer { unlink(peakPath) }
        let env = ProcessInfo.processInfo.environment.merging(["DROVER_HOME": home]) { $1 }
        let child = try ChildProcess("/usr/bin/python3", ["-c", reaper, peakPath, DroverBinary.path] + arguments,
                                     environment: env, stdin: inFD, stderr: errFD)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let err = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        let peakText = String(decoding: FileManager.default.contents(atPath: peakPath) ?? Data(), as: UTF8.self)
        guard let peak = Int(peakText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSupportError("the reaper wrote no peak size (drover status \(code)): \(err)")
        }
        return Result(status: code, stderr: err, peakKiB: peak)
    }

    /// Forks (a real fork: the child starts with this small parent's pages, not the test's), execs
    /// drover, reaps it with wait4 and writes its ru_maxrss in KiB to argv[1]; exits with its status.
    private static let reaper = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        with open(sys.argv[1], "w") as f:
            f.write("%d\\n" % usage.ru_maxrss)
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """
}
