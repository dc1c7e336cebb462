#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Shell completion scripts, generated from the command declarations so
/// they complete exactly what the parser accepts: what follows each option
/// and argument comes from its declared completion kind.
public struct CompletionScripts: Sendable {
    let program: String
    let commands: [CommandConfiguration]
    let globalOptions: [OptionSpec]
    let lists: DynamicLists

    /// What the scripts say and call for the program's own lists of
    /// candidates (`CompletionKind.dynamic`): each shell's functions that
    /// read them from the program, and how a value is completed from each.
    public struct DynamicLists: Sendable {
        /// Put first in each script: the functions below call them.
        public let bashPreamble: String
        public let zshPreamble: String
        public let fishPreamble: String
        /// By list name: the bash reply, the zsh action and the fish arguments.
        public let bash: @Sendable (String) -> String
        public let zsh: @Sendable (String) -> String
        public let fish: @Sendable (String) -> String

        public init(
            bashPreamble: String, zshPreamble: String, fishPreamble: String, bash: @escaping @Sendable (String) -> String,
            zsh: @escaping @Sendable (String) -> String, fish: @escaping @Sendable (String) -> String
        ) {
            self.bashPreamble = bashPreamble
            self.zshPreamble = zshPreamble
            self.fishPreamble = fishPreamble
            self.bash = bash
            self.zsh = zsh
            self.fish = fish
        }
    }

    public init(program: ProgramDescription, lists: DynamicLists) {
        self.program = program.name
        commands = program.commands
        globalOptions = program.globalOptions
        self.lists = lists
    }

    public func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    private var globals: [OptionSpec] { globalOptions }
    private var commandNames: [String] { commands.map(\.name) }
    /// What completing a command offers: the git merge driver is not typed.
    private var listedNames: [String] { commands.filter(\.isListed).flatMap(\.names) }

    private func words(_ options: [OptionSpec]) -> String {
        options.flatMap { option in ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? []) }.joined(separator: " ")
    }

    // MARK: bash (3.2 compatible, no bash-completion package needed)

    public func bash() -> String {
        var out = lists.bashPreamble + """
            _\(program)() {
                local cur prev cmd i word
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev=""
                [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
                cmd=""
                i=1
                while [ "$i" -lt "$COMP_CWORD" ]; do
                    word="${COMP_WORDS[i]}"
                    case "$word" in
                        \(valueTakingPattern())) i=$((i + 1)) ;;
                        -*) ;;
                        *) if [ -z "$cmd" ]; then cmd="$word"; fi ;;
                    esac
                    i=$((i + 1))
                done

            """
        // Values for options. An option whose values differ between commands
        // (--format) gets one arm that looks at the command.
        out += "    case \"$prev\" in\n"
        var done = Set<String>()
        let commandOptions = commands.flatMap(\.options)
        for option in globals + commandOptions where option.takesValue && done.insert(option.long).inserted {
            let pattern = (["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
            var variants: [OptionSpec] = []
            for candidate in globals + commandOptions where candidate.long == option.long && !variants.contains(where: { $0.completion == candidate.completion }) {
                variants.append(candidate)
            }
            if variants.count == 1 {
                out += "        \(pattern)) \(bashReply(option)) ;;\n"
            } else {
                out += "        \(pattern))\n            case \"$cmd\" in\n"
                for variant in variants {
                    out += "                \(commandsWith(variant).joined(separator: "|"))) \(bashReply(variant)) ;;\n"
                }
                out += "            esac\n            return 0 ;;\n"
            }
        }
        out += "    esac\n"
        out += "    if [ -z \"$cmd\" ]; then\n"
        out += "        case \"$cur\" in\n"
        out += "            -*) COMPREPLY=( $(compgen -W \"\(words(globals))\" -- \"$cur\") ) ;;\n"
        out += "            *) COMPREPLY=( $(compgen -W \"\(listedNames.joined(separator: " "))\" -- \"$cur\") ) ;;\n"
        out += "        esac\n        return 0\n    fi\n"
        out += "    case \"$cmd\" in\n"
        for command in commands {
            let names = (command.names).joined(separator: "|")
            out += "        \(names))\n"
            out += "            case \"$cur\" in\n"
            out += "                -*) COMPREPLY=( $(compgen -W \"\(words(command.options + globals))\" -- \"$cur\") ) ;;\n"
            if let argument = command.arguments.first, let reply = bashReply(argument.completion) {
                out += "                *) \(reply) ;;\n"
            }
            out += "            esac\n            ;;\n"
        }
        out += "    esac\n    return 0\n}\ncomplete -F _\(program) \(program)\n"
        return out
    }

    private func commandsWith(_ option: OptionSpec) -> [String] {
        commands.filter { $0.options.contains { $0.long == option.long && $0.completion == option.completion } }.flatMap(\.names)
    }

    private func bashReply(_ option: OptionSpec) -> String {
        bashReply(option.completion).map { $0 + "; return 0" } ?? "return 0"
    }

    private func bashReply(_ kind: CompletionKind) -> String? {
        switch kind {
        // A directory ends in `/`, and no space follows it: the path goes on.
        case .directory: "COMPREPLY=( $(compgen -d -S / -- \"$cur\") ); compopt -o nospace 2>/dev/null"
        case .file: "compopt -o filenames 2>/dev/null; COMPREPLY=( $(compgen -f -- \"$cur\") )"
        // In the order declared (1M before All), where bash can keep it (4.4+).
        case .values(let list): "compopt -o nosort 2>/dev/null; COMPREPLY=( $(compgen -W \"\(list.joined(separator: " "))\" -- \"$cur\") )"
        case .commands: "COMPREPLY=( $(compgen -W \"\(listedNames.joined(separator: " "))\" -- \"$cur\") )"
        // Read line by line into the reply: never a word list that compgen would expand.
        case .dynamic(let list): lists.bash(list)
        case .none: nil
        }
    }

    private func valueTakingPattern() -> String {
        var names = Set<String>()
        for option in globals + commands.flatMap(\.options) where option.takesValue {
            names.insert("--" + option.long)
            if let short = option.short { names.insert("-\(short)") }
        }
        return names.sorted().joined(separator: "|")
    }

    // MARK: zsh

    private func zshEscape(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[")
            .replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    private func zshSpec(_ option: OptionSpec) -> String {
        let help = zshEscape(option.help)
        var value = ""
        if let name = option.valueName {
            value = ":\(name):" + zshAction(option.completion)
        }
        if let short = option.short {
            return "'(-\(short) --\(option.long))'{-\(short),--\(option.long)}'[\(help)]\(value)'"
        }
        return "'--\(option.long)[\(help)]\(value)'"
    }

    private func zshAction(_ kind: CompletionKind) -> String {
        switch kind {
        case .directory: "_files -/"
        case .file: "_files"
        // An unsorted group: the values in the order declared.
        case .values(let list): "{compadd -V values -- \(list.joined(separator: " "))}"
        case .commands: "(\(listedNames.joined(separator: " ")))"
        case .dynamic(let list): lists.zsh(list)
        case .none: " "
        }
    }

    public func zsh() -> String {
        var out = lists.zshPreamble
        out += "_\(program)() {\n"
        out += "    local -a commands\n    commands=(\n"
        for command in commands where command.isListed {
            for name in command.names {
                out += "        '\(name):\(zshEscape(command.abstract))'\n"
            }
        }
        out += "    )\n"
        out += "    local -a globals\n    globals=(\n"
        for option in globals { out += "        \(zshSpec(option))\n" }
        out += "    )\n"
        out += "    local context state state_descr line\n    typeset -A opt_args\n"
        out += "    _arguments -C \"${globals[@]}\" '1: :->command' '*:: :->arguments' && return\n"
        out += "    case $state in\n"
        out += "        command) _describe -t commands '\(program) command' commands ;;\n"
        out += "        arguments)\n            case ${words[1]} in\n"
        for command in commands {
            out += "                \((command.names).joined(separator: "|")))\n"
            out += "                    _arguments \"${globals[@]}\""
            for option in command.options { out += " \\\n                        \(zshSpec(option))" }
            if let argument = command.arguments.first {
                let action = zshAction(argument.completion)
                // `1:`, `1::` when it may be left out (never `:1:`, which zsh reads as a message `1`), `*:`.
                let position = argument.isRepeating ? "*:" : argument.isOptional ? "1::" : "1:"
                out += " \\\n                        '\(position)\(argument.name):\(action)'"
            }
            out += " ;;\n"
        }
        out += "            esac ;;\n    esac\n}\n\n_\(program) \"$@\"\n"
        return out
    }

    // MARK: fish

    private func fishEscape(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }

    private func fishOption(_ option: OptionSpec, condition: String) -> String {
        var line = "complete -c \(program) -n '\(condition)' -l \(option.long)"
        if let short = option.short { line += " -s \(short)" }
        if option.takesValue {
            switch option.completion {
            case .directory: line += " -r -a '(__fish_complete_directories)'"
            case .file: line += " -r -F"
            case .values(let list): line += " -x -k -a '\(list.joined(separator: " "))'"
            case .commands: line += " -x -a '\(listedNames.joined(separator: " "))'"
            case .dynamic(let list): line += " -x " + lists.fish(list)
            case .none: line += " -x"
            }
        }
        return line + " -d '\(fishEscape(option.help))'\n"
    }

    public func fish() -> String {
        var out = lists.fishPreamble
        let names = commands.flatMap(\.names).joined(separator: " ")
        for command in commands where command.isListed {
            for name in command.names {
                out += "complete -c \(program) -n 'not __fish_seen_subcommand_from \(names)' -a \(name) -d '\(fishEscape(command.abstract))'\n"
            }
        }
        for option in globals { out += fishOption(option, condition: "true") }
        for command in commands {
            let condition = "__fish_seen_subcommand_from " + (command.names).joined(separator: " ")
            for option in command.options { out += fishOption(option, condition: condition) }
            if let argument = command.arguments.first {
                switch argument.completion {
                case .values(let list): out += "complete -c \(program) -n '\(condition)' -k -a '\(list.joined(separator: " "))'\n"
                case .commands: out += "complete -c \(program) -n '\(condition)' -a '\(listedNames.joined(separator: " "))'\n"
                case .dynamic(let list): out += "complete -c \(program) -n '\(condition)' " + lists.fish(list) + "\n"
                case .file, .directory: out += "complete -c \(program) -n '\(condition)' -F\n"
                case .none: break
                }
            }
        }
        return out
    }
}
