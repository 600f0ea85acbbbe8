// libFuzzer target for hosts.json. Built by `scripts/fuzz hostsjson` against the LibC, Files,
// TextSafety and Hosts modules (compiled with -enable-testing, hence @testable).
//
// Properties checked: decoding never crashes; the spans JSONArraySpans finds lie inside the
// bytes and in order; a file that decodes encodes to bytes that decode to the same hosts and
// the same invalid entries (so a rewrite loses nothing).
import Foundation
@testable import Hosts

@_cdecl("LLVMFuzzerTestOneInput")
public func hostsJSONFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    if let spans = JSONArraySpans.elements(ofTopLevelKey: "hosts", in: bytes) {
        var end = 0
        for span in spans {
            guard span.lowerBound >= end, span.upperBound <= bytes.count else { fail("span \(span) out of order or bounds") }
            end = span.upperBound
        }
    }

    guard case .success(let list) = HostsFile.decode(Data(bytes), localUser: "fuzz") else { return 0 }
    let encoded: Data
    do {
        encoded = try HostsFile.encode(list)
    } catch {
        fail("a decoded list does not encode: \(error)")
    }
    guard case .success(let again) = HostsFile.decode(encoded, localUser: "fuzz") else {
        fail("the encoded list does not decode: \(String(decoding: encoded, as: UTF8.self))")
    }
    guard again.hosts == list.hosts, again.invalid.map(\.entry) == list.invalid.map(\.entry) else {
        fail("the encoded list decodes differently: \(String(decoding: encoded, as: UTF8.self))")
    }
    return 0
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("hostsjson fuzz: \(message)\n".utf8))
    abort()
}
