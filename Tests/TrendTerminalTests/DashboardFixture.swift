import TestSupport
import TrendCore

@testable import TrendTerminal

/// Fifteen days losing a tenth a day, ending on the test clock's day.
func fifteenDays() -> RecordStore {
    let entries = (0..<15).map { day in
        WeightEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now - Int64(14 - day) * 86_400, utcOffsetSeconds: 0), kilograms: 82 - Double(day) / 10)
    }
    return RecordStore(entries: entries, goalKilograms: 75)
}

extension Dashboard {
    /// Presses `keys` one after the other, as the session would hand them over.
    func type(_ keys: [Key]) async {
        for key in keys { await handle(key) }
    }

    /// Types `text`, a key per character.
    func type(_ text: String) async {
        await type(text.map { Key.character($0) })
    }
}
