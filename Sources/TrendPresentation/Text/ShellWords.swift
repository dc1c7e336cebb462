/// Text as a POSIX shell reads it back: what a suggested command needs,
/// so a name like `Bob's conflicted copy` (or one a sync peer chose to do
/// harm) pastes as one word and runs nothing.
public enum ShellWords {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "/._-+,:=@%".utf8.contains(byte)
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// A command line as the user typed it, each word quoted where a shell needs it.
    public static func line(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
