// libFuzzer target for the command-line argument parser (DroverCLI/Arguments) and the
// `[user@]host[:port]` argument reader. Built by `scripts/fuzz args` from those files against
// LibC, Files, TextSafety and Hosts (which AddressArgument's file imports). Parse only: no
// command runs and nothing is read or written.
//
// The input is split on NUL. The first part is the option table, words separated by spaces:
// `name` a flag, `name=` an option with a value, a trailing `*` repeatable, `:c` its short form
// (e.g. `port=:p`, `forward=*`). The rest is argv. The parser is generic over the table, so a
// random table covers every command's; the dictionary holds the real commands' option names.
//
// Properties checked: parsing ends and either throws a UsageError that says something, or
// yields only options from the table, a value per use for value options and none for flags,
// at most one use of a non-repeatable option, and positionals that are argv's own strings in
// argv's order. A second use of an option that parsed (given again in front of argv) is refused
// with the parser's "given more than once" error when the option is single-valued, and adds its
// value in front of the others when it is repeatable (so `value(_:)`, the last one, still wins).
// An address either fails with a UsageError or has a host and a port in 1-65535.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func argumentsFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let parts = UnsafeBufferPointer(start: data, count: size)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let table = optionTable(parts[0])
    let argv = Array(parts.dropFirst())

    do {
        let parsed = try ArgumentParser(options: table).parse(argv)
        check(parsed, table: table, argv: argv)
        checkRepeats(parsed, table: table, argv: argv)
    } catch let error as UsageError {
        if error.message.isEmpty { fail("an empty UsageError") }
    } catch {
        fail("an error that is not a UsageError: \(error)")
    }
    for arg in argv {
        do {
            let address = try AddressArgument.parse(arg)
            if address.host.isEmpty { fail("'\(arg)' parsed with an empty host") }
            if let port = address.port, !(1...65535).contains(port) { fail("'\(arg)' parsed with port \(port)") }
            _ = try PinTarget.parse(arg)
        } catch let error as UsageError {
            if error.message.isEmpty { fail("an empty UsageError for '\(arg)'") }
        } catch {
            fail("an error that is not a UsageError: \(error)")
        }
    }
    return 0
}

/// The option table the first part of the input describes (see the file comment).
/// Words repeating an earlier long or short name are skipped: a real table names each option
/// once (`OptionTableTests`), and the parser takes the first spec of a name.
func optionTable(_ text: String) -> [OptionSpec] {
    var longs = Set<String>(), shorts = Set<Character>()
    return text.split(separator: " ").prefix(64).map { word -> OptionSpec in
        var name = Substring(word)
        var short: Character?
        if let colon = name.lastIndex(of: ":"), name.index(after: colon) < name.endIndex {
            short = name[name.index(after: colon)]
            name = name[..<colon]
        }
        let repeatable = name.hasSuffix("*")
        if repeatable { name = name.dropLast() }
        let takesValue = name.hasSuffix("=")
        if takesValue { name = name.dropLast() }
        return OptionSpec(String(name), short: short, value: takesValue ? "VALUE" : nil,
                          repeatable: repeatable, help: "fuzz")
    }.filter { spec in
        let fresh = !longs.contains(spec.long) && !(spec.short.map(shorts.contains) ?? false)
        longs.insert(spec.long)
        if let short = spec.short { shorts.insert(short) }
        return fresh
    }
}

func check(_ parsed: ParsedArguments, table: [OptionSpec], argv: [String]) {
    for (long, values) in parsed.options {
        guard let spec = table.first(where: { $0.long == long }) else { fail("option '\(long)' is not in the table") }
        if !spec.takesValue, !values.isEmpty { fail("flag '\(long)' has values \(values)") }
        if spec.takesValue, values.isEmpty { fail("option '\(long)' has no value") }
        if spec.takesValue, !spec.repeatable, values.count != 1 { fail("option '\(long)' has \(values.count) values") }
    }
    var rest = argv[...]
    for positional in parsed.positionals {
        guard let at = rest.firstIndex(of: positional) else { fail("positional '\(positional)' is not in argv's order") }
        rest = rest[(at + 1)...]
    }
}

/// Every option that parsed, used once more in front of argv: single-valued ones must be
/// refused as repeated, repeatable ones must keep every value in order.
func checkRepeats(_ parsed: ParsedArguments, table: [OptionSpec], argv: [String]) {
    for (long, values) in parsed.options {
        guard let spec = table.first(where: { $0.long == long }), let again = use(spec) else { continue }
        do {
            let twice = try ArgumentParser(options: table).parse(again + argv)
            if !spec.repeatable { fail("'\(long)' given twice was accepted: \(again + argv)") }
            let expected = spec.takesValue ? ["again"] + values : []
            if twice.values(long) != expected { fail("'\(long)' given again has values \(twice.values(long)), not \(expected)") }
            if spec.takesValue, twice.value(long) != parsed.value(long) { fail("the last '\(long)' no longer wins") }
        } catch let error as UsageError {
            if spec.repeatable || error != .repeated(long) {
                fail("'\(long)' given again: '\(error.message)', not the repeated-option error")
            }
        } catch {
            fail("an error that is not a UsageError: \(error)")
        }
    }
}

/// argv words that use `spec` once with the value `again`, in the long form when its name can
/// be typed (`--a=b` would read as option `a`) and else in the short form; nil when neither can.
/// The parser finds `=` among Unicode scalars, so this looks there too: `=` followed by a
/// combining mark is one Character that is not "=", yet it still splits `--a=̒b`.
func use(_ spec: OptionSpec) -> [String]? {
    if !spec.long.isEmpty, !spec.long.unicodeScalars.contains("=") {
        return spec.takesValue ? ["--\(spec.long)=again"] : ["--\(spec.long)"]
    }
    guard let short = spec.short, short != "-" else { return nil }
    return spec.takesValue ? ["-\(short)", "again"] : ["-\(short)"]
}

/// Prints what broke and aborts, so libFuzzer saves the input as a crash.
func fail(_ message: String) -> Never {
    fputs("args fuzz: \(message)\n", stderr)
    abort()
}
