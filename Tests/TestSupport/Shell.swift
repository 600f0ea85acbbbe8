import Foundation
import LibC

/// Runs helper programs (ssh-keygen, tmux, the built `drover`) from tests.
public enum Shell {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Runs `executable` with `arguments`, optional stdin text and environment overrides.
    public static func execute(_ executable: String, _ arguments: [String], input: String? = nil,
                               environment: [String: String]? = nil) throws -> Result {
        // Output goes to temporary files, not pipes: nothing can block on a full pipe, and a
        // grandchild that keeps a descriptor open cannot stall the read.
        let scratch = NSTemporaryDirectory() + "/drover-shell-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: scratch + ".in", contents: Data((input ?? "").utf8))
        defer { for ext in [".out", ".err", ".in"] { unlink(scratch + ext) } }
        let inFD = open(scratch + ".in", O_RDONLY | O_CLOEXEC)
        let outFD = open(scratch + ".out", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errFD = open(scratch + ".err", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(inFD); close(outFD); close(errFD) }
        let env = environment.map { ProcessInfo.processInfo.environment.merging($0) { $1 } }
        let child = try ChildProcess(executable, arguments, environment: env, stdin: inFD, stdout: outFD, stderr: errFD)
        let status = child.wait()
        let outData = FileManager.default.contents(atPath: scratch + ".out") ?? Data()
        let errData = FileManager.default.contents(atPath: scratch + ".err") ?? Data()
        return Result(status: status,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs and returns stdout; throws when the exit status is not 0.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                           environment: [String: String]? = nil) throws -> String {
        let r = try execute(executable, arguments, input: input, environment: environment)
        guard r.status == 0 else {
            throw TestSupportError("\(executable) \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        }
        return r.stdout
    }
}

/// The `drover` executable built beside the test bundle (`swift build --build-tests` builds both).
public enum DroverBinary {
    public static var path: String {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("drover").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return bundleDir.appendingPathComponent("drover").path
    }

    /// Runs `drover` with a private `DROVER_HOME`.
    public static func run(_ arguments: [String], home: String, input: String? = nil,
                           environment: [String: String] = [:]) throws -> Shell.Result {
        try Shell.execute(path, arguments, input: input,
                          environment: environment.merging(["DROVER_HOME": home]) { $1 })
    }
}
