#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment, read straight from `environ`: ProcessInfo's
/// copy cost a noticeable share of start-up.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        #if canImport(Glibc)
        var pointer = environ
        #else
        var pointer = _NSGetEnviron()!.pointee
        #endif
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
