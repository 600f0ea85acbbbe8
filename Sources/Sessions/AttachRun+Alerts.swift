import Hosts
import Render

/// The run's side of bells, notifications, clipboard writes (`AlertCentre`, ADR 0011) and the
/// recording: a link that read output reports here, and what the centre decides shows in the
/// status line and the host list.
extension AttachRun {
    /// `driver` read output: its alerts go to the centre; a hidden host's new mark is shown.
    func driverAlerted(_ driver: LinkDriver) {
        if alertCentre.report(driver.index, terminal: driver.terminal, inFront: driver === front) { statusChanged() }
    }

    /// `shown` came to the front: its mark goes, its last clipboard write applies now.
    func alertsBroughtForward(_ shown: LinkDriver) {
        alertCentre.broughtForward(shown.index)
        recordResize()
    }

    /// The status line's note of hidden hosts that want the person.
    var alertNote: String? { alertCentre.note(front: ring.front) }

    /// Each host's state for the picker, with its mark and, while its keys are guessed, the
    /// round trip ("attached · RTT 210 ms · bell 2 min ago").
    /// A host that is done says that picking it tries it again.
    var pickerStates: [String] {
        let now = ContinuousClock.now
        return drivers.map { driver in
            let rtt = driver.echo.isOn ? driver.echo.engine.policy.rttText : nil
            let state = ring.closed.contains(driver.index) ? "closed" : driver.lifecycle.summary
            let again = driver.outcome != nil ? "pick to open again" : nil
            return [state, again, rtt, alertCentre.describe(driver.index, at: now)].compactMap { $0 }.joined(separator: " · ")
        }
    }

    // MARK: Recording (the first host named)

    func record(_ driver: LinkDriver, _ output: UnsafeRawBufferPointer) {
        guard driver.index == 0, let recorder = signalOptions.recorder, recorder.failure == nil else { return }
        recorder.output(output, columns: driver.terminal.columns, rows: driver.terminal.rows)
        if recorder.failure != nil { statusChanged() }
    }

    /// The recorded host's screen may have changed size (a local resize, or it came forward).
    func recordResize() {
        guard let recorder = signalOptions.recorder, recorder.failure == nil else { return }
        recorder.resize(columns: drivers[0].terminal.columns, rows: drivers[0].terminal.rows)
    }
}
