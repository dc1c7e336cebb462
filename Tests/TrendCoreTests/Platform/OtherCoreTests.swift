import Foundation
import Testing
@testable import TrendCore

@Suite("Two halves of a job on two cores")
struct OtherCoreTests {
    @Test("both halves run, and each result comes back to its side")
    func bothResults() {
        var here = 0
        let (mine, theirs) = OtherCore.run({
            here = (1...1_000).reduce(0, +)
            return "here"
        }, alongside: { (1...100).map { $0 * 2 } })
        #expect(mine == "here")
        #expect(here == 500_500)
        #expect(theirs == (1...100).map { $0 * 2 })
    }

    /// The caller watches for the other half's result for `spinLimit`,
    /// then waits asleep: the result comes back either way, and a thread
    /// left to end on its own leaves nothing behind that a later run sees.
    @Test(
        "the other half's result comes back whether it ends first, just after, or after the caller has stopped watching",
        arguments: [0.0, 0.0002, 0.005])
    func resultWhenTheOtherEnds(after seconds: Double) {
        for round in 0..<3 {
            let (mine, theirs) = OtherCore.run({ round }, alongside: {
                if seconds > 0 { usleep(UInt32(seconds * 1_000_000)) }
                return [round, round + 1]
            })
            #expect(mine == round)
            #expect(theirs == [round, round + 1])
        }
        #expect(OtherCore.spinLimit < .milliseconds(5))
    }

    @Test("the other half runs on a thread of its own")
    func ownThread() {
        let (caller, other) = OtherCore.run({ Self.threadID() }, alongside: { Self.threadID() })
        #expect(caller != other)
    }

    /// The new thread may use every CPU the caller may but the one the caller
    /// ran on when starting it, so the kernel cannot queue it behind its starter.
    @Test("the other half may not run on the core the caller ran on", .enabled(if: OtherCoreTests.allowedCPUs() != nil))
    func keptOffTheCallersCore() throws {
        let callers = try #require(Self.allowedCPUs())
        let (_, others) = OtherCore.run({ () }, alongside: { Self.allowedCPUs() })
        let allowed = try #require(others)
        if callers.count >= 2 {
            #expect(allowed.count == callers.count - 1)
            #expect(allowed.isSubset(of: callers))
        } else {
            #expect(allowed == callers)
        }
    }

    static func threadID() -> String {
        (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)).map { String($0.prefix { $0 != " " }) } ?? "\(Thread.current)"
    }

    /// The CPUs the calling thread may run on (Linux: `Cpus_allowed_list`).
    static func allowedCPUs() -> Set<Int>? {
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
        else { return nil }
        var cpus = Set<Int>()
        for part in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            guard let first = bounds.first, let last = bounds.last else { return nil }
            cpus.formUnion(first...last)
        }
        return cpus
    }
}
