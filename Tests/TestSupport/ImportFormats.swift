import TrendCore

/// The formats by name, as tests refer to them.
extension ImportFormat {
    public static func named(_ name: String) -> ImportFormat { ImportFormat(name: name)! }
    public static let csv = named("csv")
    public static let libra = named("libra")
    public static let fitbit = named("fitbit")
    public static let withings = named("withings")
    public static let appleHealth = named("apple-health")
    public static let json = named("json")
    public static let googleFit = named("google-fit")
    public static let garmin = named("garmin")
    public static let qsAccess = named("qs-access")
    public static let renpho = named("renpho")
    public static let fitbitJSON = named("fitbit-json")
    public static let samsungHealth = named("samsung-health")
    public static let hackersDiet = named("hackers-diet")
    public static let zepp = named("zepp")
    public static let trendweight = named("trendweight")
}
