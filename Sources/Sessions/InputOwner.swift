/// Who owns the local input during an attach run. Exactly one owner at a time, and this rule is
/// the only place that decides it (the relay's interceptor asks `AttachRun.inputOwner`).
enum InputOwner: Equatable, Sendable {
    /// A connect thread waits on a question (trust, password): its answer field gets every
    /// key, prefix keys included, so nothing typed for it reaches a host.
    case question
    /// The host picker is open: digits, arrows, Enter and Escape are its.
    case picker
    /// The host in front, through the relay's prefix keys and encoder.
    case frontHost

    /// A question outranks the picker: it blocks a connect thread and must not be answered by
    /// keys meant for the picker. (A question arriving also closes the picker, and the picker
    /// cannot open while a question owns the keys: the prefix key never gets through.)
    static func deciding(questionWaiting: Bool, pickerOpen: Bool) -> InputOwner {
        if questionWaiting { return .question }
        if pickerOpen { return .picker }
        return .frontHost
    }
}
