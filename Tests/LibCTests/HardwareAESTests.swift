import LibC
import XCTest

/// Which CPUs count as encrypting AES in hardware (the cipher order depends on it, ADR 0034),
/// read from `/proc/cpuinfo` texts of both kinds; and the terminal queue probe on a pty.
final class HardwareAESTests: XCTestCase {
    func testX86NeedsAESNIAndCarrylessMultiply() {
        XCTAssertTrue(cpuinfoHasHardwareAES("processor\t: 0\nflags\t\t: fpu sse2 pclmulqdq ssse3 aes avx2\n"))
        XCTAssertFalse(cpuinfoHasHardwareAES("flags\t\t: fpu sse2 pclmulqdq ssse3 avx2\n"), "no AES-NI")
        XCTAssertFalse(cpuinfoHasHardwareAES("flags\t\t: fpu sse2 aes\n"), "GCM's hash would be software")
        XCTAssertFalse(cpuinfoHasHardwareAES("model name\t: aes pclmulqdq\n"), "only the flags line counts")
    }

    func testARMNeedsAESAndPolynomialMultiply() {
        XCTAssertTrue(cpuinfoHasHardwareAES("processor\t: 0\nFeatures\t: fp asimd aes pmull sha1 sha2\n"))
        XCTAssertFalse(cpuinfoHasHardwareAES("Features\t: fp asimd sha1\n"))
    }

    func testNothingReadableIsNoHardware() {
        XCTAssertFalse(cpuinfoHasHardwareAES(""))
    }

    /// A Linux pty hands written bytes to the master's side at once: the slave's queue reads 0
    /// while the master has not read them (why the front view treats 0 as taken).
    func testTheTerminalQueueProbeAnswersOnAPty() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        XCTAssertEqual(openpty(&master, &slave, nil, nil, nil), 0)
        defer { close(master); close(slave) }
        XCTAssertEqual(terminalOutputQueued(slave), 0)
        let bytes = Array("queued".utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }, bytes.count)
        let queued = try XCTUnwrap(terminalOutputQueued(slave))
        XCTAssertTrue((0...bytes.count).contains(queued), "\(queued)")
        XCTAssertNil(terminalOutputQueued(-1))
    }
}
