#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The kernel's notices that the machine's addresses changed (an interface gained or lost an
/// address: another network, a VPN, a cable), where the platform gives them. Linux: a
/// `NETLINK_ROUTE` socket in the IPv4 and IPv6 address groups (rtnetlink(7)). Elsewhere there is
/// none yet (macOS's route socket would do; not built).
public enum AddressChanges {
    #if os(Linux)
    private static let netlinkRoute: Int32 = 0            // NETLINK_ROUTE
    private static let ipv4AddressGroup: UInt32 = 0x10    // RTMGRP_IPV4_IFADDR
    private static let ipv6AddressGroup: UInt32 = 0x100   // RTMGRP_IPV6_IFADDR
    private static let newAddress: UInt16 = 20            // RTM_NEWADDR
    private static let deletedAddress: UInt16 = 21        // RTM_DELADDR
    private static let linkScope: UInt8 = 253              // RT_SCOPE_LINK
    private static let tentativeFlag: UInt8 = 0x40         // IFA_F_TENTATIVE
    /// `struct nlmsghdr`'s size: length, type, flags, sequence, port.
    private static let headerSize = 16

    /// `struct sockaddr_nl`, which Glibc's module does not export.
    private struct NetlinkAddress {
        var family = sa_family_t(AF_NETLINK)
        var pad: UInt16 = 0
        var pid: UInt32 = 0
        var groups: UInt32 = 0
    }
    #endif

    /// A non-blocking socket, closed on exec, that becomes readable when an address comes or
    /// goes; -1 where the platform has none or the kernel refused one.
    public static func openSocket() -> Int32 {
        #if os(Linux)
        #if canImport(Glibc)
        let type = Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        #else
        let type = SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK
        #endif
        let fd = socket(AF_NETLINK, type, netlinkRoute)
        guard fd >= 0 else { return -1 }
        var address = NetlinkAddress(groups: ipv4AddressGroup | ipv6AddressGroup)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<NetlinkAddress>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            return -1
        }
        return fd
        #else
        return -1
        #endif
    }

    /// Reads every notice `fd` holds: true when one says an address came or went, or notices
    /// were lost (the kernel's buffer overflowed: anything may have changed).
    public static func drain(_ fd: Int32) -> Bool {
        #if os(Linux)
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == ENOBUFS { changed = true; continue }
                return changed
            }
            if count == 0 { return changed }
            var offset = 0
            while offset + headerSize <= count {
                let (length, type) = buffer.withUnsafeBytes {
                    ($0.loadUnaligned(fromByteOffset: offset, as: UInt32.self),
                     $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self))
                }
                // ifaddrmsg follows the header: family, prefix length, flags, scope. A link-local
                // address (docker and veth pairs make them all the time) or one still tentative
                // (IPv6's duplicate check) moves no route Drover's links use.
                if (type == newAddress || type == deletedAddress), offset + headerSize + 4 <= count {
                    let (flags, scope) = buffer.withUnsafeBytes {
                        ($0[offset + headerSize + 2], $0[offset + headerSize + 3])
                    }
                    if scope != linkScope && flags & tentativeFlag == 0 { changed = true }
                }
                guard Int(length) >= headerSize else { break }
                offset += (Int(length) + 3) & ~3
            }
        }
        #else
        return false
        #endif
    }
}
