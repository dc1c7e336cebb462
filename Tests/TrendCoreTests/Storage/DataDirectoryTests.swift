import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("Data directory")
struct DataDirectoryTests {
    func resolve(_ flag: String?, _ environment: [String: String], home: String? = "/etc-home") -> DataDirectory {
        DataDirectory.resolve(flag: flag, environment: environment, currentDirectory: "/cwd", passwordDatabaseHome: { home })
    }

    @Test("takes the first that applies")
    func order() {
        let all = ["TREND_DATA_DIR": "/t", "XDG_DATA_HOME": "/x", "HOME": "/h"]
        #expect(resolve("rel", all) == DataDirectory(path: "/cwd/rel", source: .given))
        #expect(resolve(nil, all) == DataDirectory(path: "/t", source: .trendDataDir))
        #expect(resolve(nil, ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == DataDirectory(path: "/x/trend", source: .xdgDataHome))
        #expect(resolve(nil, ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == DataDirectory(path: "/h/.local/share/trend", source: .home))
        #expect(resolve(nil, ["HOME": ""]) == DataDirectory(path: "/etc-home/.local/share/trend", source: .passwordDatabase))
        #expect(resolve(nil, [:], home: nil) == DataDirectory(path: nil, source: nil))
    }

    @Test("the password database knows this user's home")
    func passwordDatabase() {
        #expect(DataDirectory.passwordDatabaseHome()?.hasPrefix("/") == true)
    }
}
