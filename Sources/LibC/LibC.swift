// The one place that knows which C library Drover is built against. Every other module
// imports `LibC` instead of Glibc, Musl or Darwin, and calls the wrappers in this module for
// the few names those libraries spell differently (docs/adr/0009-libc-shim-and-manifest.md).
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Drover needs Glibc, Musl or Darwin")
#endif
