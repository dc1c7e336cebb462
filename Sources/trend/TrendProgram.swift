import ArgumentParsing
import TrendCore
import TrendPresentation

/// What trend says of itself in help, the man page and the completion
/// scripts; ArgumentParsing lays them out from this and the declarations.
enum TrendProgram {
    static let description = ProgramDescription(
        name: "trend", version: CommandTable.version, tagline: "a weight tracker for the shell",
        shortSummary: "Log weigh-ins, see the smoothed trend and your progress toward a goal, script it from cron.",
        summary: "Log weigh-ins, see the smoothed trend and your progress toward a goal, and script it from cron. "
            + "Weights are stored in kilograms; text output uses the configured unit.",
        description: [
            "trend logs weigh-ins, shows the smoothed trend and the progress toward a goal, and is made to be scripted from cron. "
                + "Weights are stored in kilograms at full precision; each weigh-in keeps the UTC offset it was logged at, which decides its calendar day. "
                + "By default the trend is an exponentially smoothed moving average (10% a day) of each day's earliest weigh-in, with the days between weigh-ins estimated by linear interpolation, as in TrendWeight; trend method chooses The Hacker's Diet, Libra, or Holt's linear smoothing (three presets of trend's own; TrendWeight has no such method) instead.",
            "trend progress reports, for a range (1M by default): the first and latest weigh-in, the change in trend and in weight, the lowest, highest and average weight; "
                + "and, as of the latest weigh-in whatever the range: the trend and its weekly rate (the least-squares slope of the last 14 daily trends), "
                + "the energy balance (3500 kcal a pound), how far the trend moved in 1, 7, 14 and 28 days, and the goal: how much is left to lose or gain and when the trend would reach it. "
                + "The goal is reached as TrendWeight decides it: once the trend has crossed the goal, and while it stays within 2.5 lb (1.1 kg) of it; a trend coming down toward the goal, even within that band, has not reached it yet. With --format json the same report, each weigh-in and estimated day with its trend, is written for scripts.",
        ],
        commands: CommandTable.configurations, globalOptions: CommandTable.globalOptions,
        files: [
            ("DIR/weights.json", "The weigh-ins, the goal and its plan. DIR is --data-dir, else $TREND_DATA_DIR, else $XDG_DATA_HOME/trend, else ~/.local/share/trend; 'trend info' says which."),
            ("DIR/settings.json", "The unit, the trend method and the height, when set."),
            ("DIR/.weights.json.undo/", "The undo journal: the last 20 changes, kept as hard links."),
            ("DIR/*.lock", "Lock files: changes wait for them; never deleted."),
            (
                "~/.config/trend/hooks/post-change",
                "Run after each change to the weigh-ins, with the change as JSON on its standard input and TREND_DATA_DIR set, when it is an executable file of yours that no one else can write; 10 s at most; its failure never fails the change. --no-hooks skips it."
            ),
        ],
        filesNote: "Every change takes the lock, writes a complete new file and renames it into place: concurrent trend processes never lose an edit, and a crash leaves the old file or the new one.",
        environment: [
            ("TREND_DATA_DIR", "The data directory, unless --data-dir is given."),
            ("XDG_DATA_HOME", "When absolute, the data directory is $XDG_DATA_HOME/trend."),
            ("HOME", "Otherwise the data directory is $HOME/.local/share/trend (the password database's home when HOME is unset)."),
            ("TZ", "The local time zone, in any form the C library accepts."),
            ("NO_COLOR", "When set and not empty, no colour."),
            ("TERM", "When dumb, no colour."),
            ("COLUMNS", "The width of the chart and help, instead of the terminal's."),
            ("TREND_PAGER, PAGER", "The pager for long output on a terminal (default: less -FRX); cat or an empty value turns it off."),
            ("TREND_NOW", "An ISO 8601 instant to use as now (tests, reproducible examples); it changes nothing stored."),
            ("TREND_LOCK_WAIT", "Seconds to wait for a lock another trend process holds, 0.1 to 600 (default 10)."),
            ("TREND_HOOK_TIME_LIMIT", "Seconds the post-change hook may run, 0.1 to 600 (default 10)."),
            ("TREND_PROGRESS_DELAY", "Seconds an import, merge or export runs before it shows how far it is, 0 to 600 (default 1)."),
            ("TREND_NO_HOOKS", "When set and not 0, the post-change hook is not run (trend sets it for the hook itself)."),
            ("XDG_CONFIG_HOME", "When absolute, the hook is $XDG_CONFIG_HOME/trend/hooks/post-change (else under ~/.config)."),
        ],
        exitStatuses: ExitStatus.documented)

    static func help(width: Int) -> HelpText {
        HelpText(program: description, width: min(width, 100)) { TextWrap.wrap($0, indent: $1, width: $2) }
    }

    /// `Error: …`, the usage line and where to read more.
    static func usageError(_ error: UsageError) -> String {
        HelpText.usageError(error.message.terminalSafe, command: error.commandName.flatMap(CommandTable.parser.command(named:)), program: "trend")
    }

    /// The completion scripts: the stored ids and measurement names come
    /// from trend itself, one per line, read as words, so nothing stored
    /// passes through a shell expansion (`trend __complete`).
    static let completions = CompletionScripts(program: description, lists: .init(
        bashPreamble: """
            # bash completion for trend (generated by `trend completions bash`)
            # Stored ids come from trend itself, one per line, read as words:
            # nothing stored passes through an expansion. They come from the
            # data directory the line names (--data-dir), as the command will.
            _trend_data_dir() {
                local i=1 word
                while [ "$i" -lt "$COMP_CWORD" ]; do
                    word="${COMP_WORDS[i]}"
                    case "$word" in
                        --data-dir)
                            word="${COMP_WORDS[i+1]}"
                            # bash splits --data-dir=DIR at the =.
                            [ "$word" = "=" ] && word="${COMP_WORDS[i+2]}"
                            case "$word" in "~"/*) word="$HOME/${word#"~"/}" ;; esac
                            printf '%s' "$word"
                            return ;;
                    esac
                    i=$((i + 1))
                done
            }
            # _trend_list ids|names: what trend lists for the word being completed.
            _trend_list() {
                local line dir
                dir="$(_trend_data_dir)"
                COMPREPLY=()
                while IFS= read -r line; do
                    COMPREPLY+=("$line")
                done < <("${COMP_WORDS[0]}" ${dir:+--data-dir "$dir"} __complete "$1" "$cur" --no-pager 2>/dev/null)
            }

            """,
        zshPreamble: "#compdef trend\n# zsh completion for trend (generated by `trend completions zsh`)\n\n"
            // The data directory the line names, as two words for trend (none: the default).
            + "_trend_data_dir() {\n    local i word\n    reply=()\n"
            + "    for (( i = 2; i < CURRENT; i++ )); do\n"
            + "        word=${(Q)words[i]}\n"
            + "        case $word in\n"
            + "            --data-dir) word=${(Q)words[i+1]} ;;\n"
            + "            --data-dir=*) word=${word#--data-dir=} ;;\n"
            + "            *) continue ;;\n"
            + "        esac\n"
            + "        [[ $word == '~/'* ]] && word=$HOME/${word#'~/'}\n"
            + "        reply=(--data-dir $word)\n"
            + "    done\n}\n\n"
            // The short id, described by its date and weight; a colon in the description escaped for _describe.
            + "_trend_entry_ids() {\n    local line\n    local -a ids reply\n    _trend_data_dir\n"
            + "    for line in ${(f)\"$(command trend $reply __complete ids --describe --no-pager 2>/dev/null)\"}; do\n"
            + "        ids+=( \"${line%%$'\\t'*}:${${line#*$'\\t'}//:/\\\\:}\" )\n"
            + "    done\n"
            + "    _describe -V -t ids 'weigh-in, intake entry or measurement' ids\n}\n\n"
            // _trend_words names|metrics: what trend lists, as words (`words` itself is zsh's: the line).
            + "_trend_words() {\n    local -a candidates reply\n    _trend_data_dir\n"
            + "    candidates=( ${(f)\"$(command trend $reply __complete $1 --no-pager 2>/dev/null)\"} )\n"
            + "    compadd -a candidates\n}\n\n",
        fishPreamble: "# fish completion for trend (generated by `trend completions fish`)\ncomplete -c trend -f\n"
            // The data directory the line names, as two arguments for trend (none: the default).
            + "function __trend_data_dir\n    set -l tokens (commandline -opc)\n    set -l dir\n"
            + "    for i in (seq (count $tokens))\n"
            + "        switch $tokens[$i]\n"
            + "            case --data-dir\n                set -l next (math $i + 1)\n"
            + "                test $next -le (count $tokens); and set dir $tokens[$next]\n"
            + "            case '--data-dir=*'\n                set dir (string replace -- --data-dir= '' $tokens[$i])\n"
            + "        end\n    end\n"
            + "    test -n \"$dir\"; or return\n"
            + "    echo --data-dir\n    string replace -r -- '^~/' \"$HOME/\" $dir\nend\n"
            + "function __trend_list\n    command trend (__trend_data_dir) __complete $argv --no-pager 2>/dev/null\nend\n",
        bash: { "_trend_list \($0)" },
        zsh: { $0 == "ids" ? "_trend_entry_ids" : "{_trend_words \($0)}" },
        fish: { $0 == "ids" ? "-k -a '(__trend_list ids --describe)'" : "-a '(__trend_list \($0))'" }))
}

extension CompletionKind {
    /// The stored records' short ids, with their dates (`trend edit ID`).
    static let entryIDs = CompletionKind.dynamic("ids")
    /// Measurement names: the known places and those measured (`trend measure NAME`).
    static let measurementNames = CompletionKind.dynamic("names")
    /// The series a chart can show: the fixed ones and each measurement kept (`--metric`).
    static let metricNames = CompletionKind.dynamic("metrics")
    /// The names marked before, and the usual ones.
    static let markNames = CompletionKind.dynamic("marks")
}
