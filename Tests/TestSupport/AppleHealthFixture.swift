/// The start of an Apple Health export.xml in the real layout: the XML
/// declaration, a DOCTYPE with an ATTLIST (which FoundationXML's parser
/// cannot take) and the opening element. Records follow, then `</HealthData>`.
public enum AppleHealthFixture {
    public static let preamble = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        ]>
        <HealthData locale="en_US">

        """
}
