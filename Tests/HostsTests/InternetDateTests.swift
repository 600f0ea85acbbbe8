import XCTest
@testable import Hosts

/// hosts.json times are written and read without Foundation's date formatters (ADR 0018);
/// these pin the format those formatters produced and the inputs they accepted.
final class InternetDateTests: XCTestCase {
    func testFormatsWholeSecondsInUTC() {
        XCTAssertEqual(InternetDate.format(Date(timeIntervalSince1970: 1_700_000_000)), "2023-11-14T22:13:20Z")
        XCTAssertEqual(InternetDate.format(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(InternetDate.format(Date(timeIntervalSince1970: 951_782_400.9)), "2000-02-29T00:00:00Z")
        XCTAssertEqual(InternetDate.format(Date(timeIntervalSince1970: -1)), "1969-12-31T23:59:59Z")
        XCTAssertEqual(InternetDate.format(Date(timeIntervalSince1970: 4_102_444_799)), "2099-12-31T23:59:59Z")
    }

    func testEveryDayOfFourHundredYearsRoundTrips() {
        var previous: Int64?
        for days in stride(from: Int64(-146_097), through: 146_097, by: 1) {
            let (y, m, d) = InternetDate.civil(fromDays: days)
            XCTAssertEqual(InternetDate.daysFromCivil(year: y, month: m, day: d), days)
            if let previous, previous + 1 != days { XCTFail("gap at \(days)") }
            previous = days
        }
        let noon = Date(timeIntervalSince1970: 1_234_567_890)
        XCTAssertEqual(InternetDate.parse(InternetDate.format(noon)), noon)
    }

    func testParsesOffsetsFractionsAndLowercaseSeparators() {
        let reference = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(InternetDate.parse("2023-11-14T22:13:20Z"), reference)
        XCTAssertEqual(InternetDate.parse("2023-11-15T00:13:20+02:00"), reference)
        XCTAssertEqual(InternetDate.parse("2023-11-14T20:43:20-0130"), reference)
        XCTAssertEqual(InternetDate.parse("2023-11-14t22:13:20z"), reference)
        XCTAssertEqual(InternetDate.parse("2023-11-14T22:13:20.5Z"), Date(timeIntervalSince1970: 1_700_000_000.5))
    }

    func testRejectsMalformedAndImpossibleTimes() {
        for bad in ["", "2023-11-14", "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-13-01T00:00:00Z",
                    "2023-02-29T00:00:00Z", "2023-04-31T00:00:00Z", "2023-11-14T24:00:00Z", "2023-11-14T22:60:00Z",
                    "2023-11-14T22:13:60Z", "2023-11-14T22:13:20.Z", "2023-11-14T22:13:20+2", "2023-11-14T22:13:20+25:00",
                    "2023-11-14T22:13:20ZZ", "2O23-11-14T22:13:20Z", "2023-11-14T22:13:20+02:00x"] {
            XCTAssertNil(InternetDate.parse(bad), bad)
        }
        XCTAssertNotNil(InternetDate.parse("2024-02-29T00:00:00Z"), "a leap day")
    }

    /// A bad time in hosts.json is reported with its field, as before.
    func testABadTimeInTheRegistryNamesTheField() {
        let json = #"{"version": 1, "hosts": [{"name": "a", "hostname": "a.lan", "user": "u", "created": "yesterday"}]}"#
        guard case let .failure(.unreadable(message)) = HostsFile.decode(Data(json.utf8), localUser: "u") else {
            return XCTFail("a bad time was accepted")
        }
        XCTAssertTrue(message.contains("created"), message)
    }
}
