import TrendCore

/// One period of `stats --format json` (SPEC §8).
public struct StatsRowDocument: Encodable, Sendable {
    let period: String
    let from: String
    let to: String
    let weighIns: Int
    let unit: String
    let average: Double?
    let minimum: Double?
    let maximum: Double?
    let trend: Double?
    let trendChange: Double?
    let averageWeeklyRate: Double?
    let fatPercent: Double?
    let averageIntake: Double?
    let expenditure: Double?

    public init(_ row: PeriodStatistics.Row, unit: WeightUnit) {
        func weight(_ kilograms: Double?) -> Double? { DisplayRounding.weight(kilograms, unit) }
        period = row.label
        from = row.first.description
        to = row.last.description
        weighIns = row.weighIns
        self.unit = unit.rawValue
        average = weight(row.averageKilograms)
        minimum = weight(row.minimumKilograms)
        maximum = weight(row.maximumKilograms)
        trend = weight(row.trendKilograms)
        trendChange = weight(row.trendChangeKilograms)
        averageWeeklyRate = weight(row.averageWeeklyRateKilograms)
        fatPercent = DisplayRounding.hundredths(row.fatPercent)
        averageIntake = row.averageIntake.map { ($0 * 10).rounded() / 10 }
        expenditure = row.expenditure.map { $0.rounded() }
    }
}

/// `status --format json` (SPEC §8).
public struct StatusDocument: Encodable, Sendable {
    let asOf: String
    let trend: Double?
    let unit: String
    let weeklyRate: Double?
    let remaining: Double?
    let goalReached: Bool?
    let recentTrend: [Double?]

    public init(_ status: StatusSummary, unit: WeightUnit) {
        func weight(_ kilograms: Double?) -> Double? { DisplayRounding.weight(kilograms, unit) }
        asOf = status.asOf.description
        trend = weight(status.trendKilograms)
        self.unit = unit.rawValue
        weeklyRate = weight(status.weeklyRateKilograms)
        remaining = weight(status.remainingKilograms)
        goalReached = status.goalReached
        recentTrend = status.recentTrendKilograms.map { weight($0) }
    }
}

/// `goal --format json` (SPEC §13).
public struct GoalDocument: Encodable, Sendable {
    let goal: Double?
    let unit: String
    let kilograms: Double?
    let planStart: String?
    let planBy: String?
    let planWeeklyRate: Double?

    public init(goalKilograms: Double?, plan: GoalPlan?, unit: WeightUnit) {
        goal = DisplayRounding.weight(goalKilograms, unit)
        self.unit = unit.rawValue
        kilograms = goalKilograms
        planStart = plan?.start.description
        if case .by(let day)? = plan?.pace { planBy = day.description } else { planBy = nil }
        if case .weeklyRate(let kilograms)? = plan?.pace { planWeeklyRate = unit.roundedValue(fromKilograms: kilograms) } else { planWeeklyRate = nil }
    }
}

/// `height --format json` (SPEC §12).
public struct HeightDocument: Encodable, Sendable {
    let centimetres: Double?

    public init(centimetres: Double?) {
        self.centimetres = centimetres.map { ($0 * 10).rounded() / 10 }
    }
}

/// `undo --list --format json` (SPEC §9).
public struct JournalDocument: Encodable, Sendable {
    struct Change: Encodable, Sendable {
        let at: String
        let command: String
        let added: Int
        let removed: Int
        let changed: Int
        let goalChanged: Bool
        let undone: Bool
    }

    let position: Int?
    let changes: [Change]

    public init(_ journal: ChangeJournal) {
        position = journal.position
        changes = journal.steps.enumerated().map { index, step in
            Change(
                at: step.at.iso8601, command: step.command, added: step.summary[.weighIn].added, removed: step.summary[.weighIn].removed, changed: step.summary[.weighIn].changed,
                goalChanged: step.summary.goalChanged, undone: journal.isUndone(index))
        }
    }
}

/// `info --format json` (SPEC §4): where the data is and what it holds.
public struct InfoDocument: Encodable, Sendable {
    let dataDirectory: String?
    let source: String?
    let weightsFile: String?
    let weightsFileSize: Int?
    let weightsError: String?
    let settingsFile: String?
    let settingsFileSize: Int?
    let settingsError: String?
    let count: Int
    let first: EntryDocument?
    let last: EntryDocument?
    let unit: String
    let method: String
    let goal: Double?
    let syncConflicts: [String]
    /// Every other kind's count under its declaration's key (`intakeCount`).
    let kindCounts: [(key: String, count: Int)]
    let heightCentimetres: Double?
    let sex: String?

    public init(_ info: InfoViewModel.Facts) {
        let unit = info.unit
        dataDirectory = info.directory.path
        source = info.directory.source?.rawValue
        weightsFile = info.directory.weightsPath
        weightsFileSize = info.weightsFileSize
        weightsError = info.weightsError
        settingsFile = info.directory.settingsPath
        settingsFileSize = info.settingsFileSize
        settingsError = info.settingsError
        count = info.count
        first = info.first.map { EntryDocument($0, unit: unit) }
        last = info.last.map { EntryDocument($0, unit: unit) }
        self.unit = unit.rawValue
        method = info.method.rawValue
        goal = DisplayRounding.weight(info.goalKilograms, unit)
        syncConflicts = info.conflictCopies
        kindCounts = info.kinds.dropFirst().map { ($0.countKey, $0.count) }
        heightCentimetres = info.heightCentimetres
        sex = info.sex?.rawValue
    }

    private struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// The members in the contract's order, each kind's count in the place the kinds' counts have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(dataDirectory, forKey: Key("dataDirectory"))
        try container.encode(source, forKey: Key("source"))
        try container.encode(weightsFile, forKey: Key("weightsFile"))
        try container.encode(weightsFileSize, forKey: Key("weightsFileSize"))
        try container.encode(weightsError, forKey: Key("weightsError"))
        try container.encode(settingsFile, forKey: Key("settingsFile"))
        try container.encode(settingsFileSize, forKey: Key("settingsFileSize"))
        try container.encode(settingsError, forKey: Key("settingsError"))
        try container.encode(count, forKey: Key("count"))
        try container.encode(first, forKey: Key("first"))
        try container.encode(last, forKey: Key("last"))
        try container.encode(unit, forKey: Key("unit"))
        try container.encode(method, forKey: Key("method"))
        try container.encode(goal, forKey: Key("goal"))
        try container.encode(syncConflicts, forKey: Key("syncConflicts"))
        for (key, count) in kindCounts { try container.encode(count, forKey: Key(key)) }
        try container.encode(heightCentimetres, forKey: Key("heightCentimetres"))
        try container.encode(sex, forKey: Key("sex"))
    }
}
