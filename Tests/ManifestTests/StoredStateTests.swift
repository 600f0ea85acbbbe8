import Foundation
import XCTest

/// The attach wing's parts stay small (issue 25): no type in Sessions or Console holds more than
/// `limit` stored mutable properties, counted across every file that declares or extends it, and
/// no file there (or in Loop) keeps mutable state outside an instance: a `static var` or a
/// file-level `var`, and a `static let` or file-level `let` of a class or of memory that is
/// written (`nonisolated(unsafe)`, a `Mutex`), are state an `+Extension` file could add to its
/// object by another name. A class that is only a bag of stored vars (no methods) is its
/// owner's state under another name: its vars count toward every type that holds one.
final class StoredStateTests: XCTestCase {
    static let limit = 8
    static let modules = ["Sources/Sessions", "Sources/Console"]
    /// Also checked for shared state: the loop's signal routing lives there.
    static let sharedStateModules = modules + ["Sources/Loop"]
    /// Reference types of the standard library and Foundation whose instances hold mutable state.
    static let knownReferenceTypes: Set<String> = ["Mutex", "NSLock", "NSMutableArray", "NSMutableDictionary", "Atomic"]

    /// Shared mutable state that must stay shared, and why. Keyed by `Type.name` or by `Type`
    /// for all of a type's.
    static let allowedSharedState: [String: String] = [
        "SignalRestore": "a signal handler can reach only global memory, allocated once before it is installed",
        "SignalPipe": "a signal handler can reach only global memory: the write end of each signal's pipe",
        "PrefixKey.current": "the prefix is chosen once per process and read by every help text (a Mutex)",
        "EarlyOpenRefusals.shared": "what a server refused is true for the whole process, across runs and connect threads (locked)",
    ]

    func testNoTypeInTheAttachWingHoldsMoreThanEightStoredVars() throws {
        var counts: [String: [String]] = [:]
        var files = 0
        let scans = try ModuleScan(modules: Self.modules)
        for (file, scan) in scans.files {
            files += 1
            for (type, names) in scan.instanceVars { counts[type, default: []] += names }
            for name in scan.sharedVars {
                XCTFail("\(file): \(name) is mutable state outside an instance — make it a stored property of the type that owns it")
            }
        }
        XCTAssertGreaterThan(files, 80)
        XCTAssertNotNil(counts["AttachRun"], "the scan found the run's state")
        // A bag of vars with no methods is its holder's state: its vars count there too.
        for (owner, properties) in scans.properties {
            for property in properties where scans.stateBags.contains(property.type) && property.type != owner {
                counts[owner, default: []] += (counts[property.type] ?? []).map { "\(property.name).\($0)" }
            }
        }
        for (type, names) in counts.sorted(by: { $0.key < $1.key }) where names.count > Self.limit {
            XCTFail("\(type) holds \(names.count) stored vars (\(names.joined(separator: ", "))); at most \(Self.limit) — "
                    + "move a purpose's state into a small type of its own")
        }
    }

    func testNoSharedLetHoldsMutableStateOutsideTheAllowlist() throws {
        let scans = try ModuleScan(modules: Self.sharedStateModules)
        let references = scans.classes.union(Self.knownReferenceTypes)
        var allowedSeen: Set<String> = []
        for (file, scan) in scans.files {
            for shared in scan.sharedLets where shared.unsafe || shared.type.map(references.contains) == true {
                let owner = String(shared.name.prefix { $0 != "." })
                if let key = [shared.name, owner].first(where: { Self.allowedSharedState[$0] != nil }) {
                    allowedSeen.insert(key)
                    continue
                }
                XCTFail("\(file): \(shared.name) is shared mutable state (\(shared.unsafe ? "nonisolated(unsafe)" : shared.type ?? "")) "
                        + "— make it a stored property of the type that owns it, or add it to allowedSharedState with the reason")
            }
        }
        XCTAssertEqual(allowedSeen, Set(Self.allowedSharedState.keys), "an allowlist entry that no longer matches anything goes")
    }

    func testTheScanFindsSharedLetsAndStateBags() {
        let source = """
        final class Bag { var a = 0; var b = "" }
        final class Owner {
            let bag = Bag()
            var other: Bag?
            static let shared = Owner()
            nonisolated(unsafe) static let memory = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            static let limit = 3
            func go() {}
        }
        let global = Owner()
        enum Registry { static let all = Bag() }
        """
        let scan = StoredVarScan(source: source)
        XCTAssertEqual(scan.classes, ["Bag", "Owner"])
        XCTAssertEqual(scan.typesWithFuncs, ["Owner"])
        XCTAssertEqual(scan.properties["Owner"]?.map { "\($0.name):\($0.type)" }, ["bag:Bag", "other:Bag"])
        XCTAssertEqual(scan.sharedLets.map(\.name), ["Owner.shared", "Owner.memory", "Owner.limit", "global", "Registry.all"])
        XCTAssertEqual(scan.sharedLets.map(\.unsafe), [false, true, false, false, false])
        XCTAssertEqual(scan.sharedLets.map(\.type), ["Owner", "UnsafeMutablePointer", nil, "Owner", "Bag"])
    }

    /// The scan itself: what counts as stored, what does not, and which type it belongs to.
    func testTheScanCountsStoredVarsOnly() {
        let source = """
        final class Driver {
            let fixed = 1
            private(set) var state = State()   // stored
            weak var delegate: Delegate?
            lazy var cache = Cache { "{" }
            var history: View? {
                didSet { redraw() }
            }
            var computed: Int { 3 }
            var other: Int {
                get { 1 }
                set { var local = newValue; _ = local }
            }
            static let shared = 0
            init() { var counter = 0; counter += 1 }
            struct Inner { var a = 0; var b: Int }
        }
        extension Driver {
            var more: Bool { true }
            func go() {
                var local = 0
                local += 1
            }
        }
        enum Bag { static var items: [Int] = [] }
        var global = 0
        """
        let scan = StoredVarScan(source: source)
        XCTAssertEqual(scan.instanceVars["Driver"], ["state", "delegate", "cache", "history"])
        XCTAssertEqual(scan.instanceVars["Driver.Inner"], ["a", "b"])
        XCTAssertEqual(scan.sharedVars, ["Bag.items", "global"])
    }
}
