// libFuzzer target for the Netpbm reader of `drover pair --scan`. Built by `scripts/fuzz
// netpbm`, not by SwiftPM. Properties checked on every input: reading never crashes or
// allocates past the size bound, and a picture it accepts has exactly width x height pixels
// within the bound.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func netpbmFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard NetpbmReader.recognizes(bytes), let image = try? NetpbmReader.read(bytes) else { return 0 }
    guard GrayImage.allows(width: image.width, height: image.height),
          image.pixels.count == image.width * image.height else {
        FileHandle.standardError.write(Data("accepted a picture of inconsistent size\n".utf8))
        abort()
    }
    return 0
}
