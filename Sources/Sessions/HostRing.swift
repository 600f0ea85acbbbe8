/// The hosts of one `drover attach` run in the order they came (the command line's, then each
/// one `ctrl+] o` opened), and which one is in front. Pure: input, replies to typing, resizes
/// and the right to reconnect by itself all belong to the front host; `next`/`previous` wrap
/// around and pass over closed hosts (`ctrl+] X`), `select` jumps. A closed host keeps its
/// place (indices never move: every part of the run keys its hosts by them) and comes back
/// when the picker selects it.
struct HostRing: Equatable, Sendable {
    private(set) var names: [String]
    private(set) var front = 0
    /// Hosts closed with `ctrl+] X`: skipped by `next` and `previous`.
    private(set) var closed: Set<Int> = []

    /// A change of the front host: the run hides `from` and brings `to` forward.
    struct Switch: Equatable, Sendable {
        let from: Int
        let to: Int
    }

    init(names: [String]) {
        self.names = names
    }

    var count: Int { names.count }
    /// How many hosts are not closed.
    var openCount: Int { count - closed.count }

    /// Brings the following open host forward (after the last comes the first).
    mutating func next() -> Switch? {
        step(by: 1)
    }

    /// Brings the preceding open host forward (before the first comes the last).
    mutating func previous() -> Switch? {
        step(by: count - 1)
    }

    private mutating func step(by offset: Int) -> Switch? {
        var index = front
        for _ in 0..<count {
            index = (index + offset) % count
            if !closed.contains(index) { return select(index) }
        }
        return nil
    }

    /// Brings host `index` forward (opening it again if it was closed); nil when it already is
    /// in front or does not exist.
    mutating func select(_ index: Int) -> Switch? {
        guard names.indices.contains(index) else { return nil }
        closed.remove(index)
        guard index != front else { return nil }
        let change = Switch(from: front, to: index)
        front = index
        return change
    }

    /// A host opened during the run (`ctrl+] o`) joins at the end; returns its index.
    mutating func add(_ name: String) -> Int {
        names.append(name)
        return names.count - 1
    }

    /// Closes the host in front and brings the next open one forward; nil (and nothing closed)
    /// when it is the only open host: then the run ends instead.
    mutating func closeFront() -> Switch? {
        guard openCount > 1 else { return nil }
        let closing = front
        closed.insert(closing)
        return step(by: 1)
    }

    /// Which host is in front, for the line shown after a switch: `mac (2/3)`.
    var frontLabel: String {
        "\(names[front]) (\(front + 1)/\(count))"
    }
}
