/// Any screen's JSON: its document (an `Encodable` contract), encoded.
public struct JSONRenderer<Model>: Renderer {
    let document: @MainActor (Model) -> any Encodable

    public init(_ document: @escaping @MainActor (Model) -> any Encodable) {
        self.document = document
    }

    public func render(_ model: Model, to output: any OutputWriter) throws {
        output.write(try DocumentEncoder().bytes(document(model)))
    }
}
