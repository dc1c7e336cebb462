/// A picture's size in pixels, and pixels per point (`--scale 2`), within
/// what a picture can be: a chart needs room for its labels, and a PNG
/// this side of 16 million pixels takes about 200 MB to draw.
public struct PictureSize: Sendable {
    public private(set) var width = 800
    public private(set) var height = 400
    public private(set) var scale = 1

    public static let widths = 200...10_000
    public static let heights = 120...10_000
    public static let scales = 1...4
    /// Width × height × scale².
    public static let largestPNG = 16_000_000

    public init() {}

    /// The size asked for (nil: the default), or why it cannot be drawn.
    public init(width: Int?, height: Int?, scale: Int?) throws(UsageProblem) {
        self.width = width ?? 800
        self.height = height ?? 400
        self.scale = scale ?? 1
        guard Self.widths.contains(self.width), Self.heights.contains(self.height) else {
            throw UsageProblem(.chartSize)
        }
        guard Self.scales.contains(self.scale), self.width * self.height * self.scale * self.scale <= Self.largestPNG else {
            throw UsageProblem(.scale)
        }
    }

    /// A size laid out by a renderer itself (the mail's 600-pixel column).
    init(fixedWidth width: Int, height: Int, scale: Int) {
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// What a face gave that a screen cannot use (a size no picture has, a
/// mail header of two lines): a usage error, where the face reports those,
/// in its own words for what it was given (`CommandLineErrors` names the
/// options).
public struct UsageProblem: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// Outside `PictureSize.widths` and `.heights`.
        case chartSize
        /// Outside `PictureSize.scales`, or a PNG past `largestPNG`.
        case scale
        /// A mail's recipient or subject, given for a report that is no mail.
        case mailFieldsWithoutMail
        /// A mail's recipient or subject that is not one line of text.
        case notOneLine(MailField)
        /// A recipient that is no address, and why.
        case address(String, problem: String)
        /// Recipients given, but not one address among them.
        case noRecipient
        /// More recipients than `MailRecipients.most`.
        case tooManyRecipients
    }

    /// A mail header a face may give.
    public enum MailField: Equatable, Sendable { case to, subject }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// In plain words: the sizes and limits, naming no option.
    public var message: String {
        switch reason {
        case .chartSize:
            "the chart must be \(PictureSize.widths.lowerBound) to \(PictureSize.widths.upperBound) pixels wide and \(PictureSize.heights.lowerBound) to \(PictureSize.heights.upperBound) high"
        case .scale:
            "the scale must be \(PictureSize.scales.lowerBound) to \(PictureSize.scales.upperBound), and the PNG at most \(PictureSize.largestPNG / 1_000_000) million pixels"
        case .mailFieldsWithoutMail: "a recipient and a subject are for a mail"
        case .notOneLine(let field): "the \(field == .to ? "recipient" : "subject") must be one line of text"
        case .address(let to, let problem): "\(to.terminalSafe): \(problem)"
        case .noRecipient: "a mail must name an address"
        case .tooManyRecipients: "a mail names at most \(MailRecipients.most) addresses"
        }
    }
}
