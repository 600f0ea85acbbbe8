import TestSupport
import XCTest

/// `scripts/bench` with a name it does not have: it says so, guesses the close one as drover
/// itself does ("did you mean"), lists its commands and exits 2, before anything is installed,
/// built or measured (the new-user trial typed `memry`).
final class BenchScriptTests: XCTestCase {
    private let commands = "commands: all, prediction, emulator, emulator-instructions, relay, connect, interrupt, "
        + "memory (scripts/bench --help says what each does)"

    private func bench(_ arguments: [String]) throws -> Shell.Result {
        try Shell.execute("/bin/bash", [ThrowawayAccount.repositoryRoot + "/scripts/bench"] + arguments)
    }

    func testAMisspeltCommandGetsTheCloseNameAndTheList() throws {
        for (typed, meant) in [("memry", "memory"), ("relya", "relay"), ("conect", "connect"),
                               ("emulator-instruction", "emulator-instructions"), ("predictoin", "prediction")] {
            let result = try bench([typed])
            XCTAssertEqual(result.status, 2, typed)
            XCTAssertEqual(result.stdout, "", typed)
            XCTAssertEqual(result.stderr, "scripts/bench: unknown command '\(typed)'; did you mean '\(meant)'?\n"
                           + commands + "\n", typed)
        }
    }

    func testANameNothingIsCloseToGetsOnlyTheList() throws {
        // "emulatr" is one edit from emulator and three from the rest: guessed; "xyz" is not.
        let result = try bench(["xyz"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "scripts/bench: unknown command 'xyz'\n" + commands + "\n")
        XCTAssertTrue(try bench(["emulatr"]).stderr.contains("did you mean 'emulator'?"))
    }

    /// What was typed is compared as typed (`mem\157r` is not `memor`: awk -v read `\157` as
    /// "o") and in characters, not bytes (`mémöry` is two edits from `memory`, four bytes).
    func testTheTypedNameIsComparedAsTypedInCharacters() throws {
        let escaped = try bench(["mem\\157r"])
        XCTAssertEqual(escaped.status, 2)
        XCTAssertEqual(escaped.stderr, "scripts/bench: unknown command 'mem\\157r'\n" + commands + "\n")
        let accented = try bench(["mémöry"])
        XCTAssertEqual(accented.status, 2)
        XCTAssertEqual(accented.stderr, "scripts/bench: unknown command 'mémöry'; did you mean 'memory'?\n" + commands + "\n")
    }

    func testAMisspeltOptionGetsTheCloseOne() throws {
        let result = try bench(["--quik"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "scripts/bench: '--quik' is not an option of scripts/bench itself; did you mean '--quick'? "
                       + "(it takes --quick and --help); a benchmark's options go after its name, e.g. scripts/bench emulator --mib 2\n"
                       + commands + "\n")
    }

    func testAnOptionBeforeTheCommandIsSaidToGoAfterIt() throws {
        let result = try bench(["--mib", "2"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "scripts/bench: '--mib' is not an option of scripts/bench itself (it takes --quick and "
                       + "--help); a benchmark's options go after its name, e.g. scripts/bench emulator --mib 2\n"
                       + commands + "\n")
    }
}
