import Console
import Sessions

/// Which prefix key `drover attach` uses: `--prefix`, else the prefix of the first HOST that
/// has one in hosts.json, else `DROVER_PREFIX` (the user's own default), else `ctrl+]`. One
/// key for the whole run: there is one local keyboard, whichever host is in front.
enum PrefixChoice {
    static let environmentVariable = "DROVER_PREFIX"

    static func choose(option: String?, targets: [AttachTarget], environment: [String: String]) throws -> PrefixKey {
        if let option {
            do { return try PrefixKey(parsing: option) } catch { throw UsageError("--prefix: \(error.description)") }
        }
        for target in targets {
            guard let host = target.host, let stored = host.prefix else { continue }
            do { return try PrefixKey(parsing: stored) } catch {
                throw UsageError("host '\(host.name)' has prefix '\(stored)' in hosts.json, which cannot be used: "
                                 + "\(error.description) (fix it with 'drover hosts edit \(host.name) --prefix ctrl+a')")
            }
        }
        if let value = environment[environmentVariable], !value.isEmpty {
            do { return try PrefixKey(parsing: value) } catch {
                throw UsageError("\(environmentVariable)='\(value)' cannot be used: \(error.description) "
                                 + "(set \(environmentVariable)=ctrl+a, or unset it for ctrl+])")
            }
        }
        return .standard
    }
}
