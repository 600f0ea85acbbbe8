#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `hosts.json` times, `2023-11-14T22:13:20Z`, written and read with plain arithmetic.
/// Foundation's `.iso8601` strategies build a time zone, which loads ICU's zone data: about
/// 2.5 MiB of resident pages on every command that reads the registry (ADR 0018).
public enum InternetDate {
    /// Whole seconds in UTC (the registry stores times rounded down to the second).
    public static func format(_ date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T" +
            "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or an offset `±HH:MM` / `±HHMM`.
    /// Nil for anything else, including impossible dates such as February 30.
    static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x74,
              b[13] == 0x3A, b[16] == 0x3A,
              let year = number(b, 0, 4), let month = number(b, 5, 2), let day = number(b, 8, 2),
              let hour = number(b, 11, 2), let minute = number(b, 14, 2), let second = number(b, 17, 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var i = 19
        var fraction = 0.0
        if b[i] == 0x2E {
            var scale = 0.1
            i += 1
            let start = i
            while i < b.count, let d = digit(b[i]) {
                fraction += Double(d) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        guard i < b.count, let offset = offsetSeconds(b[i...]) else { return nil }
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `Z`, `±HH:MM` or `±HHMM` as seconds east of UTC; nil when malformed.
    private static func offsetSeconds(_ b: ArraySlice<UInt8>) -> Int64? {
        let s = Array(b)
        if s == [0x5A] || s == [0x7A] { return 0 }
        guard s.count == 6 || s.count == 5, s[0] == 0x2B || s[0] == 0x2D,
              let h = number(s, 1, 2), h < 24 else { return nil }
        let minutes: Int?
        if s.count == 6 { minutes = s[3] == 0x3A ? number(s, 4, 2) : nil } else { minutes = number(s, 3, 2) }
        guard let m = minutes, m < 60 else { return nil }
        let value = Int64(h * 3600 + m * 60)
        return s[0] == 0x2D ? -value : value
    }

    private static func digit(_ c: UInt8) -> Int? { (0x30...0x39).contains(c) ? Int(c - 0x30) : nil }

    private static func number(_ b: [UInt8], _ at: Int, _ count: Int) -> Int? {
        var value = 0
        for i in at..<(at + count) {
            guard let d = digit(b[i]) else { return nil }
            value = value * 10 + d
        }
        return value
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar, counted in 400-year eras
    /// (146,097 days each) from a year that starts in March, so February's length comes last.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400).0
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysFromCivil`.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097).0
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
