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
            throw UsageProblem("the chart must be \(Self.widths.lowerBound) to \(Self.widths.upperBound) pixels wide and \(Self.heights.lowerBound) to \(Self.heights.upperBound) high")
        }
        guard Self.scales.contains(self.scale), self.width * self.height * self.scale * self.scale <= Self.largestPNG else {
            throw UsageProblem("--scale must be \(Self.scales.lowerBound) to \(Self.scales.upperBound), and the PNG at most \(Self.largestPNG / 1_000_000) million pixels")
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
/// mail header of two lines): a usage error, where the face reports those.
public struct UsageProblem: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
