#include <libssh2.h>
#include <libssh2_sftp.h>

/* Drover needs libssh2 1.11.1 or newer: rsa-sha2 user keys, strict key exchange (CVE-2023-48795),
   modern ciphers and agent forwarding (ADR 0019). */
#if LIBSSH2_VERSION_NUM < 0x010b01
#error "libssh2 is older than 1.11.1: run scripts/bootstrap, which builds Debian 13's libssh2 1.11.1 into .build/libssh2, then swift build again"
#endif
