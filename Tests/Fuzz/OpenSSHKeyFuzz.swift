// libFuzzer target for openssh-key-v1 private keys and one-line public keys. Built by
// `scripts/fuzz opensshkey` against the LibC, Files and Identity modules.
//
// Properties checked: reading never crashes; a private key that reads writes back to a file
// that reads as the same key and comment; a public key line that reads writes back to a line
// that reads as the same type and blob. The input is also read as the raw bytes inside the
// armour (base64-encoded here), so the wire parser is reached without the fuzzer having to
// find base64 first. The header reader of identity files (`OpenSSHPrivateKey.header`, which
// reads encrypted keys' cipher, KDF and public key without the private part) reads both too.
import Foundation
import Identity

@_cdecl("LLVMFuzzerTestOneInput")
public func openSSHKeyFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    let armoured = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + bytes.base64EncodedString(options: .lineLength64Characters)
        + "\n-----END OPENSSH PRIVATE KEY-----\n"

    for candidate in [text, armoured] {
        if let header = try? OpenSSHPrivateKey.header(candidate), header.publicKey.type.isEmpty {
            fail("a header read with an empty key type")
        }
        guard let (keyPair, comment) = try? OpenSSHPrivateKey.decode(candidate) else { continue }
        let written = OpenSSHPrivateKey.encode(keyPair, comment: comment)
        guard let again = try? OpenSSHPrivateKey.decode(written), again.keyPair == keyPair, again.comment == comment else {
            fail("a private key that read does not read back after writing")
        }
    }

    for line in text.split(whereSeparator: \.isNewline) {
        guard let key = try? SSHPublicKey(line: String(line)) else { continue }
        guard let again = try? SSHPublicKey(line: key.line), again.type == key.type, again.blob == key.blob else {
            fail("the public key line \(key.line) does not read back")
        }
        _ = key.fingerprint
    }
    return 0
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("opensshkey fuzz: \(message)\n".utf8))
    abort()
}
