/// The hosts of one `drover attach` run in command-line order, and which one is in front.
/// Pure: input, replies to typing, resizes and the right to reconnect by itself all belong to
/// the front host; `next`/`previous` wrap around, `select` jumps.
struct HostRing: Equatable, Sendable {
    let names: [String]
    private(set) var front = 0

    /// A change of the front host: the run hides `from` and brings `to` forward.
    struct Switch: Equatable, Sendable {
        let from: Int
        let to: Int
    }

    init(names: [String]) {
        self.names = names
    }

    var count: Int { names.count }

    /// Brings the following host forward (after the last comes the first).
    mutating func next() -> Switch? {
        select((front + 1) % count)
    }

    /// Brings the preceding host forward (before the first comes the last).
    mutating func previous() -> Switch? {
        select((front + count - 1) % count)
    }

    /// Brings host `index` forward; nil when it already is in front or does not exist.
    mutating func select(_ index: Int) -> Switch? {
        guard names.indices.contains(index), index != front else { return nil }
        let change = Switch(from: front, to: index)
        front = index
        return change
    }

    /// Which host is in front, for the line shown after a switch: `mac (2/3)`.
    var frontLabel: String {
        "\(names[front]) (\(front + 1)/\(count))"
    }
}
