import CLibSSH2

/// The upload's steps in order. Each `advance` tries the current step once: libssh2 in
/// non-blocking mode wants the same call repeated after EAGAIN, so a step that has to wait
/// leaves `phase` as it is.
extension SFTPUpload {
    enum Phase {
        case initSFTP, realpath, mkdirCache, mkdirDirectory, statDirectory, fixDirectoryMode
        case openDirectory, readDirectory, closeDirectory, remove(Int)
        case statFinal, openTemporary, write, closeTemporary, rename, removeTemporary
        case shutdown, finished
    }

    static let writeSlice = 256 * 1024
    static let cacheDirectory = ".cache"

    func advance() -> Advance {
        switch phase {
        case .initSFTP:
            do { try session.refuseWhileSessionChannelOpens("starting SFTP") } catch { return .failure(error) }
            let pointer = libssh2_sftp_init(session.raw)
            if let wait = checkPointer(pointer, "starting SFTP") { return wait }
            sftp = pointer
            phase = .realpath
        case .realpath:
            var buffer = [CChar](repeating: 0, count: 4096)
            let rc = libssh2_sftp_symlink_ex(sftp, ".", 1, &buffer, UInt32(buffer.count), LIBSSH2_SFTP_REALPATH)
            if let wait = check(Int(rc), "finding the login directory") { return wait }
            home = String(decoding: buffer[..<Int(rc)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while home.count > 1, home.hasSuffix("/") { home.removeLast() }
            // The path is pasted into a remote program: a control character in it is refused.
            guard home.hasPrefix("/"), !home.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                return .failure(.protocolFailure(operation: "finding the login directory",
                    detail: "the SFTP server named no usable absolute path; check the account's home directory"))
            }
            phase = .mkdirCache
        case .mkdirCache:
            // Failures are fine (it usually exists); the directory check below decides.
            let cache = (home == "/" ? "" : home) + "/" + Self.cacheDirectory
            let rc = libssh2_sftp_mkdir_ex(sftp, cache, UInt32(cache.utf8.count), 0o700)
            if rc == LIBSSH2_ERROR_EAGAIN { return .again }
            if rc < 0, LibSSH2.isConnectionLoss(rc) { return .failure(error(code: rc, "creating \(cache)")) }
            phase = .mkdirDirectory
        case .mkdirDirectory:
            let directory = directoryPath
            let rc = libssh2_sftp_mkdir_ex(sftp, directory, UInt32(directory.utf8.count), 0o700)
            if rc == LIBSSH2_ERROR_EAGAIN { return .again }
            if rc < 0, LibSSH2.isConnectionLoss(rc) { return .failure(error(code: rc, "creating \(directory)")) }
            phase = .statDirectory
        case .statDirectory:
            return statDirectory()
        case .fixDirectoryMode:
            var attributes = LIBSSH2_SFTP_ATTRIBUTES()
            attributes.flags = UInt(LIBSSH2_SFTP_ATTR_PERMISSIONS)
            attributes.permissions = 0o700
            let directory = directoryPath
            let rc = libssh2_sftp_stat_ex(sftp, directory, UInt32(directory.utf8.count), LIBSSH2_SFTP_SETSTAT, &attributes)
            if let wait = check(Int(rc), "making \(directory) private (0700)") { return wait }
            phase = .openDirectory
        case .openDirectory:
            let directory = directoryPath
            let pointer = libssh2_sftp_open_ex(sftp, directory, UInt32(directory.utf8.count), 0, 0, LIBSSH2_SFTP_OPENDIR)
            if let wait = checkPointer(pointer, "listing \(directory)") { return wait }
            handle = pointer
            listing = []
            phase = .readDirectory
        case .readDirectory:
            return readDirectoryEntry()
        case .closeDirectory:
            let rc = libssh2_sftp_close_handle(handle)
            if rc == LIBSSH2_ERROR_EAGAIN { return .again }
            handle = nil
            removals = SFTPPrunePlan(entries: listing, now: clock(), incoming: UInt64(totalBytes),
                                     abandoned: abandoned).removals
            phase = removals.isEmpty ? .statFinal : .remove(0)
        case .remove(let index):
            let name = path(removals[index])
            let rc = libssh2_sftp_unlink_ex(sftp, name, UInt32(name.utf8.count))
            if rc == LIBSSH2_ERROR_EAGAIN { return .again }
            // Someone else may have removed it already; only a lost link matters.
            if rc < 0, LibSSH2.isConnectionLoss(rc) { return .failure(error(code: rc, "removing an old upload")) }
            phase = index + 1 < removals.count ? .remove(index + 1) : .statFinal
        case .statFinal:
            return statFinal()
        case .openTemporary:
            let file = files[fileIndex]
            let name = UploadName.temporary(digestHex: file.digestHex, tag: "\(tag)-\(fileIndex)")
            let full = path(name)
            let flags = UInt(LIBSSH2_FXF_WRITE | LIBSSH2_FXF_CREAT | LIBSSH2_FXF_EXCL)
            let pointer = libssh2_sftp_open_ex(sftp, full, UInt32(full.utf8.count), flags, 0o600, LIBSSH2_SFTP_OPENFILE)
            if let wait = checkPointer(pointer, "creating \(full)") { return wait }
            handle = pointer
            openTemporary = name
            offset = 0
            phase = .write
        case .write:
            return writeSlice()
        case .closeTemporary:
            let rc = libssh2_sftp_close_handle(handle)
            if let wait = check(Int(rc), "finishing the upload") { return wait }
            handle = nil
            phase = .rename
        case .rename:
            let file = files[fileIndex]
            let from = path(openTemporary ?? "")
            let to = path(UploadName.final(digestHex: file.digestHex, ext: file.ext))
            let rc = libssh2_sftp_rename_ex(sftp, from, UInt32(from.utf8.count), to, UInt32(to.utf8.count), 0)
            if rc == LIBSSH2_ERROR_EAGAIN { return .again }
            if rc < 0, LibSSH2.isConnectionLoss(rc) { return .failure(error(code: rc, "renaming the upload")) }
            if rc < 0 {
                // The same picture arrived meanwhile (same name, same bytes): keep that one.
                renameFailed = true
                phase = .removeTemporary
            } else {
                openTemporary = nil
                finishFile()
            }
        case .removeTemporary:
            let name = path(openTemporary ?? "")
            let rc = libssh2_sftp_unlink_ex(sftp, name, UInt32(name.utf8.count))
            if let wait = check(Int(rc), "removing a temporary upload") { return wait }
            openTemporary = nil
            phase = .statFinal
        case .shutdown:
            let rc = libssh2_sftp_shutdown(sftp)
            if rc == LIBSSH2_ERROR_EAGAIN { return .again }
            sftp = nil
            phase = .finished
        case .finished:
            break
        }
        return .progressed
    }

    /// The directory must be a directory (not a link somewhere else) and private.
    private func statDirectory() -> Advance {
        var attributes = LIBSSH2_SFTP_ATTRIBUTES()
        let directory = directoryPath
        let rc = libssh2_sftp_stat_ex(sftp, directory, UInt32(directory.utf8.count), LIBSSH2_SFTP_LSTAT, &attributes)
        if let wait = check(Int(rc), "checking \(directory)") { return wait }
        let mode = attributes.permissions
        guard attributes.flags & UInt(LIBSSH2_SFTP_ATTR_PERMISSIONS) != 0, mode & 0o170000 == 0o040000 else {
            return .failure(.protocolFailure(operation: "checking \(directory)",
                detail: "it is not a directory; remove or rename it on the host, then paste again"))
        }
        phase = mode & 0o077 == 0 ? .openDirectory : .fixDirectoryMode
        return .progressed
    }

    private func readDirectoryEntry() -> Advance {
        var name = [CChar](repeating: 0, count: 512)
        var attributes = LIBSSH2_SFTP_ATTRIBUTES()
        let rc = libssh2_sftp_readdir_ex(handle, &name, name.count, nil, 0, &attributes)
        if let wait = check(Int(rc), "listing \(directoryPath)") { return wait }
        if rc == 0 {
            phase = .closeDirectory
            return .progressed
        }
        // Bounded: a directory with more entries than this is not pruned beyond them.
        guard listing.count < 10_000 else { return .progressed }
        let text = String(decoding: name[..<Int(rc)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let hasSize = attributes.flags & UInt(LIBSSH2_SFTP_ATTR_SIZE) != 0
        let hasTime = attributes.flags & UInt(LIBSSH2_SFTP_ATTR_ACMODTIME) != 0
        if hasSize, hasTime {
            listing.append(.init(name: text, size: attributes.filesize, modified: UInt64(attributes.mtime)))
        }
        return .progressed
    }

    /// The same bytes may be there already (the name is their hash): then nothing is sent.
    private func statFinal() -> Advance {
        if fileIndex >= files.count {
            phase = .shutdown
            return .progressed
        }
        let file = files[fileIndex]
        let full = path(UploadName.final(digestHex: file.digestHex, ext: file.ext))
        var attributes = LIBSSH2_SFTP_ATTRIBUTES()
        let rc = libssh2_sftp_stat_ex(sftp, full, UInt32(full.utf8.count), LIBSSH2_SFTP_LSTAT, &attributes)
        if rc == LIBSSH2_ERROR_EAGAIN { return .again }
        if rc < 0, LibSSH2.isConnectionLoss(rc) { return .failure(error(code: rc, "checking \(full)")) }
        let present = rc == 0 && attributes.permissions & 0o170000 == 0o100000
            && attributes.filesize == UInt64(file.bytes.count)
        if present {
            finishFile()
        } else if renameFailed {
            return .failure(.protocolFailure(operation: "renaming the upload into \(directoryPath)",
                detail: "the host refused; check that the directory is writable, then paste again"))
        } else {
            phase = .openTemporary
        }
        return .progressed
    }

    private func writeSlice() -> Advance {
        let bytes = files[fileIndex].bytes
        if offset >= bytes.count {
            phase = .closeTemporary
            return .progressed
        }
        let count = min(Self.writeSlice, bytes.count - offset)
        let rc = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.advanced(by: offset).withMemoryRebound(to: CChar.self, capacity: count) {
                libssh2_sftp_write(handle, $0, count)
            }
        }
        if let wait = check(rc, "writing the upload") { return wait }
        offset += rc
        return .progressed
    }

    private func finishFile() {
        let file = files[fileIndex]
        results.append(path(UploadName.final(digestHex: file.digestHex, ext: file.ext)))
        fileIndex += 1
        offset = 0
        renameFailed = false
        phase = .statFinal
    }
}
