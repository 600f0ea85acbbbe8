import XCTest
import TestSupport
import LibC

/// The registry under real `drover` processes: concurrent edits all land, and a damaged file
/// is never overwritten.
final class HostsFileSafetyTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var home: String { dir.file("root") }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-hosts-proc") }
    override func tearDown() { dir.remove() }

    func testTenConcurrentAddProcessesAllLand() throws {
        let environment = ProcessInfo.processInfo.environment.merging(["DROVER_HOME": home]) { $1 }
        var children: [(ChildProcess, String)] = []
        for i in 0..<10 {
            let log = dir.file("add-\(i).log")
            let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            XCTAssertGreaterThanOrEqual(fd, 0)
            defer { close(fd) }
            let child = try ChildProcess(DroverBinary.path, ["hosts", "add", "h\(i)", "--host", "host\(i).lan", "--session", "s\(i)"],
                                         environment: environment, stdout: fd, stderr: fd)
            children.append((child, log))
        }
        for (child, log) in children {
            XCTAssertEqual(child.wait(), 0, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
        let json = try DroverBinary.run(["hosts", "list", "--json"], home: home)
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let hosts = object?["hosts"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(hosts.compactMap { $0["name"] as? String }), Set((0..<10).map { "h\($0)" }))
        XCTAssertEqual(Set(hosts.compactMap { $0["session"] as? String }), Set((0..<10).map { "s\($0)" }))
    }

    func testCorruptRegistryIsReportedKeptByteForByteAndEveryEditRefuses() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = home + "/hosts.json"
        let original = Data(#"{"version": 1, "hosts": [{"name": "web", "hostname": "web.lan"},"#.utf8) + Data([0xc3, 0x28, 0x00])
        try original.write(to: URL(fileURLWithPath: path))

        let edits: [[String]] = [
            ["hosts", "add", "x", "--host", "x.lan"],
            ["hosts", "edit", "web", "--port", "2"],
            ["hosts", "rm", "web", "--forget-key"],
            ["hosts", "import-ssh-config", "/dev/null"],
            ["hosts", "list"],
            [],
        ]
        var copies = Set<String>()
        for args in edits {
            let r = try DroverBinary.run(args, home: home)
            XCTAssertEqual(r.status, 1, "drover \(args): \(r.stdout)\(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("drover: \(path) is not a readable host registry (it is not valid JSON"), r.stderr)
            XCTAssertTrue(r.stderr.contains("Drover left it unchanged and kept a copy at \(path).corrupt-"), r.stderr)
            XCTAssertTrue(r.stderr.contains("fix the file or move it away"), r.stderr)
            XCTAssertEqual(FileManager.default.contents(atPath: path), original, "drover \(args) changed the file")
            if let range = r.stderr.range(of: "kept a copy at ") {
                copies.insert(String(r.stderr[range.upperBound...].prefix { $0 != ";" }))
            }
        }
        XCTAssertEqual(copies.count, 1, "one kept copy, reused: \(copies)")
        XCTAssertEqual(copies.first.flatMap { FileManager.default.contents(atPath: $0) }, original)
        XCTAssertEqual(copies.first.flatMap { AtomicFileMode.of($0) }, 0o600)
    }

    func testNewerVersionRefusesEdits() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = home + "/hosts.json"
        let newer = Data(#"{"version": 2, "hosts": [], "groups": []}"#.utf8)
        try newer.write(to: URL(fileURLWithPath: path))
        let r = try DroverBinary.run(["hosts", "add", "x", "--host", "x.lan"], home: home)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(path) is version 2, written by a newer Drover"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(path).newer-"), r.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path), newer)
    }
}

/// Permission bits of a file (the test target does not import Files).
private enum AtomicFileMode {
    static func of(_ path: String) -> mode_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : nil
    }
}
