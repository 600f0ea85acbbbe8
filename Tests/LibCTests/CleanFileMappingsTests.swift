@testable import LibC
import XCTest

/// `releaseCleanFileMappings` drops a read-only file mapping's resident pages (they fault back
/// in with the file's bytes) and leaves alone every mapping holding a private copy: a
/// read-only one made so after writing (as the loader's RELRO pages are) and a writable one.
final class CleanFileMappingsTests: XCTestCase {
    private let pages = 64
    private var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }
    private var path = ""
    private var descriptor: Int32 = -1

    override func setUpWithError() throws {
        guard !CleanFileMappings.read().isEmpty else { throw XCTSkip("no /proc/self/smaps to read here") }
        var template = Array("/tmp/drover-clean-mapping-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let bytes = (0..<pages * pageSize).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 4096) }
        XCTAssertEqual(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, bytes.count)
    }

    override func tearDown() {
        if descriptor >= 0 { close(descriptor) }
        if !path.isEmpty { unlink(path) }
    }

    /// Maps the file `protection` and `MAP_PRIVATE`, every page read (so resident).
    private func mapAndTouch(_ protection: Int32) throws -> UnsafeMutableRawPointer {
        let length = pages * pageSize
        let address = try XCTUnwrap(mmap(nil, length, protection, MAP_PRIVATE, descriptor, 0))
        XCTAssertNotEqual(address, MAP_FAILED)
        var sum = 0
        for page in 0..<pages { sum &+= Int(address.load(fromByteOffset: page * pageSize, as: UInt8.self)) }
        XCTAssertNotEqual(sum, -1)
        return address
    }

    /// The mapping at `address`'s resident KiB, from `/proc/self/smaps`.
    private func residentKiB(_ address: UnsafeMutableRawPointer) throws -> Int {
        let start = String(UInt(bitPattern: address), radix: 16)
        let file = try XCTUnwrap(fopen("/proc/self/smaps", "r"))
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var inMapping = false
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            if CleanFileMappings.header(text) != nil { inMapping = text.hasPrefix(start + "-") }
            if inMapping, text.hasPrefix("Rss:") { return Int(text.split(separator: " ")[1]) ?? -1 }
        }
        throw XCTSkip("the mapping is not in /proc/self/smaps")
    }

    private func assertHoldsTheFile(_ address: UnsafeMutableRawPointer, except page: Int? = nil) {
        for index in 0..<pages * pageSize where index / pageSize != page {
            guard address.load(fromByteOffset: index, as: UInt8.self) == UInt8(truncatingIfNeeded: index * 7 + index / 4096) else {
                return XCTFail("byte \(index) is not the file's")
            }
        }
    }

    func testAReadOnlyFileMappingIsReleasedAndReadsTheFileAgain() throws {
        let address = try mapAndTouch(PROT_READ)
        defer { munmap(address, pages * pageSize) }
        XCTAssertEqual(try residentKiB(address), pages * pageSize / 1024)
        let range = Int(bitPattern: address)..<Int(bitPattern: address) + pages * pageSize
        XCTAssertEqual(CleanFileMappings.release(within: [range]), pages * pageSize)
        XCTAssertEqual(try residentKiB(address), 0)
        assertHoldsTheFile(address)
    }

    func testAMappingWithAPrivateCopyKeepsIt() throws {
        // Written, then made read-only: the loader's relocated RELRO pages look like this.
        let relro = try mapAndTouch(PROT_READ | PROT_WRITE)
        defer { munmap(relro, pages * pageSize) }
        relro.storeBytes(of: 0xAB, toByteOffset: 3 * pageSize, as: UInt8.self)
        XCTAssertEqual(mprotect(relro, pages * pageSize, PROT_READ), 0)
        let writable = try mapAndTouch(PROT_READ | PROT_WRITE)
        defer { munmap(writable, pages * pageSize) }
        let ranges = [relro, writable].map { Int(bitPattern: $0)..<Int(bitPattern: $0) + pages * pageSize }
        XCTAssertEqual(CleanFileMappings.release(within: ranges), 0)
        XCTAssertEqual(try residentKiB(relro), pages * pageSize / 1024)
        XCTAssertEqual(try residentKiB(writable), pages * pageSize / 1024)
        XCTAssertEqual(relro.load(fromByteOffset: 3 * pageSize, as: UInt8.self), 0xAB)
        assertHoldsTheFile(relro, except: 3)
    }

    func testMappingHeadersAreReadAndFieldLinesAreNot() {
        let code = CleanFileMappings.header("7f00a000-7f00c000 r-xp 00010000 08:01 1234   /usr/lib/libm.so.6\n")
        XCTAssertEqual(code?.start, 0x7f00a000)
        XCTAssertEqual(code?.end, 0x7f00c000)
        XCTAssertEqual(code?.readOnly, true)
        XCTAssertEqual(code?.fileBacked, true)
        XCTAssertEqual(CleanFileMappings.header("7f00a000-7f00c000 rw-p 00000000 00:00 0 \n")?.fileBacked, false)
        XCTAssertEqual(CleanFileMappings.header("7fff0000-7fff2000 r-xp 00000000 00:00 0  [vdso]\n")?.fileBacked, false)
        XCTAssertEqual(CleanFileMappings.header("7f00a000-7f00c000 rw-p 00000000 08:01 1 /x\n")?.readOnly, false)
        // The kernel's vsyscall page lies above Int.max; it is neither readable nor a file's.
        let vsyscall = CleanFileMappings.header("ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0  [vsyscall]\n")
        XCTAssertEqual(vsyscall?.fileBacked, false)
        XCTAssertNil(CleanFileMappings.header("Anonymous:             0 kB\n"))
        XCTAssertNil(CleanFileMappings.header("AnonHugePages:         0 kB\n"))
        XCTAssertNil(CleanFileMappings.header("Rss:                  64 kB\n"))
        XCTAssertNil(CleanFileMappings.header("VmFlags: rd ex mr mw me\n"))
    }

    /// A private copy swapped out is not `Anonymous` (that counts resident pages only), and
    /// releasing its mapping would put the file's bytes back: it is kept, as is a mapping
    /// whose `Anonymous` or `Swap` line was not read.
    func testAMappingWithASwappedOutCopyOrUnreadCountsIsKept() throws {
        var mapping = try XCTUnwrap(CleanFileMappings.header("7f00a000-7f00c000 r--p 00000000 08:01 1 /x\n"))
        XCTAssertFalse(mapping.isReleasable)
        mapping.anonymousKiB = 0
        XCTAssertFalse(mapping.isReleasable)
        mapping.swapKiB = 8
        XCTAssertFalse(mapping.isReleasable)
        mapping.swapKiB = 0
        XCTAssertTrue(mapping.isReleasable)
        mapping.anonymousKiB = 4
        XCTAssertFalse(mapping.isReleasable)
    }

    /// A read-only file mapping that is not one of the loaded program's segments (a library
    /// another thread is loading looks like this for a moment) is never released.
    func testOnlyTheLoadedProgramsReadOnlySegmentsAreReleased() throws {
        let address = try mapAndTouch(PROT_READ)
        defer { munmap(address, pages * pageSize) }
        releaseCleanFileMappings()
        XCTAssertEqual(try residentKiB(address), pages * pageSize / 1024)
        // libc's code is among the segments; a writable global of the program is not.
        let code = Int(bitPattern: unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "strlen"), to: UnsafeRawPointer?.self))
        XCTAssertTrue(LoadedCode.segments.contains { $0.contains(code) })
        let data = withUnsafePointer(to: &CleanFileMappingsTests.writableGlobal) { Int(bitPattern: $0) }
        XCTAssertFalse(LoadedCode.segments.contains { $0.contains(data) })
    }

    nonisolated(unsafe) private static var writableGlobal = 7

    func testRelocatedPartsAndSharedPagesAreCutOut() {
        XCTAssertEqual(LoadedCode.subtracting([20..<30], from: 0..<100), [0..<20, 30..<100])
        XCTAssertEqual(LoadedCode.subtracting([0..<10, 90..<120], from: 0..<100), [10..<90])
        XCTAssertEqual(LoadedCode.subtracting([0..<100], from: 10..<90), [])
    }
}
