/// Where a renderer writes: standard output (through the pager), a file
/// written atomically, a buffer in a test. Renderers never print; the
/// front end passes one of these in.
public protocol OutputWriter: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer)
}

extension OutputWriter {
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }
}

/// The bytes written, kept in memory: for a test, a mail that holds a
/// rendered page, or output that must be complete before it is shown.
public final class OutputBuffer: OutputWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// One output of one screen: text, JSON, CSV, a chart, a page, a mail.
/// Every output of trend is a type conforming to this, writing `Model` (a
/// ViewModel's display values) through the writer it is given.
@MainActor
public protocol Renderer<Model> {
    associatedtype Model
    func render(_ model: Model, to output: any OutputWriter) throws
}

/// The outputs a screen offers (`--format`): each case names its renderer,
/// so a new output format is one renderer type and one case here.
public protocol OutputFormat: RawRepresentable<String>, CaseIterable, Sendable {
    associatedtype Model
    @MainActor var renderer: any Renderer<Model> { get }
    /// Binary output (a PNG, a mail's parts are text): not for a terminal.
    var isBinary: Bool { get }
}

extension OutputFormat {
    public var isBinary: Bool { false }

    /// Renders `model` in this format.
    @MainActor public func render(_ model: Model, to output: any OutputWriter) throws {
        try renderer.render(model, to: output)
    }
}

/// What the place the output goes allows: the width text is laid out for
/// (nil: as wide as it takes, when not a terminal and no `COLUMNS`), bold
/// and colour, braille or ASCII.
public struct Display: Sendable {
    /// The width text wraps at; nil: lines as long as they take.
    public var width: Int?
    /// The width a chart is drawn to (the terminal's, `COLUMNS`, else 80).
    public var terminalWidth: Int
    public var usesColor: Bool
    public var isUTF8: Bool

    public init(width: Int? = nil, terminalWidth: Int = 80, usesColor: Bool = false, isUTF8: Bool = true) {
        self.width = width
        self.terminalWidth = terminalWidth
        self.usesColor = usesColor
        self.isUTF8 = isUTF8
    }

    /// A heading in bold where the terminal shows it.
    public func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
}
