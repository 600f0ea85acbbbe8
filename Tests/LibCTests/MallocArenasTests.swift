import LibC
import XCTest

/// With the arena limit set, threads that allocate at the same time add no malloc arena.
final class MallocArenasTests: XCTestCase {
    #if canImport(Glibc)
    /// The number of arenas glibc reports (`<heap nr=` entries of `malloc_info`).
    private func arenaCount() throws -> Int {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        let handle = try XCTUnwrap(dlopen(nil, RTLD_NOW))
        let info = unsafeBitCast(try XCTUnwrap(dlsym(handle, "malloc_info")), to: MallocInfo.self)
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        let stream = try XCTUnwrap(open_memstream(&buffer, &size))
        XCTAssertEqual(info(0, stream), 0)
        fclose(stream)
        defer { free(buffer) }
        return String(cString: try XCTUnwrap(buffer)).components(separatedBy: "<heap nr=").count - 1
    }

    func testThreadsAllocatingTogetherAddNoArena() throws {
        XCTAssertTrue(limitMallocArenas(to: 1))
        let before = try arenaCount()
        var threads: [pthread_t] = []
        for _ in 0..<4 {
            var thread = pthread_t()
            XCTAssertEqual(pthread_create(&thread, nil, { _ in
                var blocks: [UnsafeMutableRawPointer?] = []
                for size in 1...2000 { blocks.append(malloc(size)) }
                blocks.forEach { free($0) }
                return nil
            }, nil), 0)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        XCTAssertEqual(try arenaCount(), before)
    }
    #else
    func testTheLimitIsANoOpOffGlibc() {
        XCTAssertFalse(limitMallocArenas(to: 1))
    }
    #endif
}
