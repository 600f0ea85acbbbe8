import Foundation

/// A fresh directory under the system temp dir, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init(prefix: String = "drover-test") throws {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        path = base
    }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
