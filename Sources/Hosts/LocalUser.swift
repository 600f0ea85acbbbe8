import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The name of the user running Drover (the default login name for new hosts).
public enum LocalUser {
    public static var name: String {
        if let pw = getpwuid(geteuid()), let cname = pw.pointee.pw_name {
            let n = String(cString: cname)
            if !n.isEmpty { return n }
        }
        let env = ProcessInfo.processInfo.environment
        return env["USER"] ?? env["LOGNAME"] ?? "root"
    }
}
