import Console
import Hosts
import Render

/// Echo prediction in a run: each host's `EchoPredictor` guesses only keys that go straight to
/// it, the front view uses the front host's, and the status line gives the round trip while
/// guesses are on.
extension AttachRun {
    func wirePredictors() {
        for driver in drivers { wirePredictor(driver) }
        frontView.predictor = front.echo
    }

    /// `driver`'s guesses take keys while it does, and say when they switch on or off.
    func wirePredictor(_ driver: LinkDriver) {
        driver.echo.acceptsKeys = { [unowned driver] in driver.takesKeysNow }
        // Told in the middle of drawing a frame: the banner is drawn in the next loop round.
        driver.echo.onSwitch = { [unowned self, unowned driver] on in
            loop.nextTurn { [unowned self, unowned driver] in
                guard driver === front, let rtt = driver.echo.engine.policy.rttText else { return }
                showBanner(on ? "\(driver.name): drawing typed keys before the host echoes them (\(rtt))"
                              : "\(driver.name): link is quick again (\(rtt)); typed keys wait for the host")
                // The switch comes with typing: over the row being typed on, the note would hide
                // the keys themselves, so it is only the help box's last message there.
                bannerGivesWay()
            }
        }
    }

    /// "RTT 212 ms" while the front host's guesses are on, for the status line.
    var predictionNote: String? {
        front.echo.isOn ? front.echo.engine.policy.rttText : nil
    }
}
