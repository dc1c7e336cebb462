import TrendCore

/// Every command and option of `trend`, in one place.
enum CommandLineInterface {
    static let version = "0.1.0"

    static let globalOptions: [OptionDescription] = [
        OptionDescription(long: "data-dir", valueName: "DIR", help: "Use DIR for the data files (default: see FILES)."),
        OptionDescription(
            long: "unit", valueName: "UNIT", help: "Show and read weights in UNIT for this run: kg, lb or st.",
            values: WeightUnit.allCases.map(\.rawValue)),
        OptionDescription(long: "quiet", short: "q", help: "Print nothing but errors."),
        OptionDescription(long: "no-color", help: "Never use colour (also: NO_COLOR set, TERM=dumb)."),
        OptionDescription(long: "help", short: "h", help: "Show help for trend or a command."),
        OptionDescription(long: "version", help: "Show the version."),
    ]

    static func format(_ formats: [String], help: String = "Output format") -> OptionDescription {
        OptionDescription(
            long: "format", valueName: "FORMAT", help: "\(help): \(formats.joined(separator: ", ")) (default \(formats[0])).",
            values: formats)
    }

    static let ranges = ProgressRange.allCases.map(\.rawValue)

    static let commands: [CommandDescription] = [
        CommandDescription(
            name: "log", abstract: "Log a weigh-in.",
            discussion: "Prints what was logged, its short id and the new trend.",
            arguments: [
                ArgumentDescription(
                    name: "WEIGHT",
                    help: "80.5, 80,5, 80.5kg, 177.4lb, 12st 6.5lb; a bare number is in the configured unit.")
            ],
            options: [
                OptionDescription(
                    long: "date", valueName: "DATE",
                    help: "When: YYYY-MM-DD, 'YYYY-MM-DD HH:MM', ISO 8601, today, yesterday (default: now)."),
                OptionDescription(long: "note", valueName: "TEXT", help: "A note to keep with the weigh-in."),
                format(["text", "json"]),
            ],
            usageTail: "[--date DATE] [--note TEXT]",
            examples: ["trend log 80.5", "trend log 177.4lb --date yesterday --note 'after run'"]),
        CommandDescription(
            name: "list", abstract: "List weigh-ins, oldest first.",
            discussion: "Shows the short id, local date and time, weight, trend and note of each weigh-in.",
            options: [
                OptionDescription(
                    long: "range", valueName: "RANGE", help: "Only the last RANGE: \(ranges.joined(separator: ", ")).",
                    values: ranges),
                OptionDescription(long: "since", valueName: "DATE", help: "Only weigh-ins on or after DATE."),
                OptionDescription(long: "until", valueName: "DATE", help: "Only weigh-ins on or before DATE."),
                OptionDescription(long: "limit", short: "n", valueName: "N", help: "Only the latest N weigh-ins."),
                OptionDescription(long: "chart", help: "Draw a chart of the listed weigh-ins below the table."),
                format(["text", "json", "csv"]),
            ],
            usageTail: "[--range RANGE | --since DATE] [--until DATE] [--limit N] [--chart]",
            examples: ["trend list --range 1M", "trend list --format csv > weights.csv"]),
        CommandDescription(
            name: "edit", abstract: "Change a weigh-in.",
            arguments: [
                ArgumentDescription(name: "ID", help: "The entry's id, or a unique prefix of at least 4 hex digits.")
            ],
            options: [
                OptionDescription(long: "weight", valueName: "WEIGHT", help: "The new weight."),
                OptionDescription(long: "date", valueName: "DATE", help: "The new date and time."),
                OptionDescription(long: "note", valueName: "TEXT", help: "The new note."),
                OptionDescription(long: "clear-note", help: "Remove the note."),
                format(["text", "json"]),
            ],
            usageTail: "[--weight WEIGHT] [--date DATE] [--note TEXT | --clear-note]",
            examples: ["trend edit 3f2a --weight 80.4"]),
        CommandDescription(
            name: "remove", aliases: ["rm"], abstract: "Delete a weigh-in.",
            discussion: "Prints what it deleted.",
            arguments: [
                ArgumentDescription(name: "ID", help: "The entry's id, or a unique prefix of at least 4 hex digits.")
            ],
            options: [format(["text", "json"])],
            examples: ["trend rm 3f2a"]),
        CommandDescription(
            name: "progress", abstract: "Show progress over a period: trend, weekly rate, goal.",
            discussion:
                "The trend is an exponentially smoothed average (10% a day) of each day's first weigh-in, as in TrendWeight and The Hacker's Diet.",
            options: [
                OptionDescription(
                    long: "range", valueName: "RANGE", help: "The period: \(ranges.joined(separator: ", ")) (default 1M).",
                    values: ranges),
                OptionDescription(long: "chart", help: "Draw the chart even when not on a terminal."),
                OptionDescription(long: "no-chart", help: "Do not draw the chart."),
                format(["text", "json"]),
            ],
            usageTail: "[--range RANGE] [--chart | --no-chart]",
            examples: ["trend progress", "trend progress --range 3M --format json"]),
        CommandDescription(
            name: "goal", abstract: "Show, set or clear the goal weight.",
            arguments: [ArgumentDescription(name: "WEIGHT", help: "The goal weight to set.", isOptional: true)],
            options: [
                OptionDescription(long: "clear", help: "Remove the goal."),
                format(["text", "json"]),
            ],
            usageTail: "[--clear]",
            examples: ["trend goal 75", "trend goal --clear"]),
        CommandDescription(
            name: "unit", abstract: "Show or set the unit weights are shown and typed in.",
            arguments: [
                ArgumentDescription(
                    name: "UNIT", help: "kg, lb or st.", isOptional: true, values: WeightUnit.allCases.map(\.rawValue))
            ],
            examples: ["trend unit lb"]),
        CommandDescription(
            name: "import", abstract: "Import weigh-ins from another app or an export.",
            discussion:
                "Reads generic CSV (date,weight[,unit][,note]), Libra, Fitbit, Withings, Apple Health export.xml and trend's own JSON export. Rows already stored (same minute, same weight) are skipped, so importing again is harmless. Any row that cannot be read stops the import unless --skip-invalid is given; it is one write either way.",
            arguments: [ArgumentDescription(name: "FILE", help: "The file to import, or - for standard input.")],
            options: [
                OptionDescription(
                    long: "format", valueName: "FORMAT", help: "The input format (default auto).",
                    values: ["auto"] + ImportFormat.allCases.map(\.rawValue)),
                OptionDescription(
                    long: "date-format", valueName: "ORDER",
                    help: "How to read numeric dates like 03/04/2024: dmy (day first) or mdy (month first).",
                    values: NumericDateOrder.allCases.map(\.rawValue)),
                OptionDescription(long: "dry-run", help: "Report what would be imported; write nothing."),
                OptionDescription(long: "skip-invalid", help: "Import the readable rows even when some cannot be read."),
            ],
            usageTail: "[--format FORMAT] [--dry-run] [--skip-invalid]",
            examples: ["trend import libra.csv --dry-run", "trend import export.xml --format apple-health", "trend export | trend import -"]),
        CommandDescription(
            name: "export", abstract: "Export every weigh-in, re-importable without loss.",
            discussion:
                "CSV (date,weight,unit,note) in exact kilograms by default; with --unit lb or st weights are converted and rounded to 0.01. JSON is the weights.json document, with ids and the goal.",
            options: [
                format(["csv", "json"]),
                OptionDescription(long: "output", short: "o", valueName: "FILE", help: "Write to FILE (atomically) instead of standard output."),
            ],
            usageTail: "[--format csv|json] [--output FILE]",
            examples: ["trend export > weights.csv", "trend export --format json --output backup.json"]),
        CommandDescription(
            name: "last", abstract: "Show the latest weigh-in.",
            discussion:
                "Exits 1 when there is none, or, with --max-age, when it is older than DURATION: a reminder for cron.",
            options: [
                OptionDescription(
                    long: "max-age", valueName: "DURATION",
                    help: "Exit 1 when the latest weigh-in is older: N followed by m, h, d or w (36h, 2d)."),
                format(["text", "json"]),
            ],
            usageTail: "[--max-age DURATION]",
            examples: ["trend last --max-age 20h || echo 'weigh yourself'"]),
        CommandDescription(
            name: "info", abstract: "Show where the data is and what it holds.",
            options: [format(["text", "json"])],
            examples: ["trend info"]),
        CommandDescription(
            name: "completions", abstract: "Print a shell completion script.",
            discussion: "Self-contained: bash needs no bash-completion package. See the README for where to put it.",
            arguments: [ArgumentDescription(name: "SHELL", help: "bash, zsh or fish.", values: ["bash", "zsh", "fish"])],
            examples: ["trend completions bash > ~/.local/share/bash-completion/completions/trend"]),
        CommandDescription(
            name: "help", abstract: "Show help for trend or a command.",
            arguments: [ArgumentDescription(name: "COMMAND", help: "The command to explain.", isOptional: true)],
            options: [OptionDescription(long: "man", help: "Print the man page (man(7) format).")],
            usageTail: "[--man]",
            examples: ["trend help progress", "trend help --man > trend.1"]),
    ]

    static func command(named name: String) -> CommandDescription? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Exit statuses, for help, the man page and the README.
    static let exitStatuses: [(Int32, String)] = [
        (0, "success"),
        (1, "the thing asked about does not exist, or the --max-age condition failed"),
        (64, "usage error: unknown command or option, malformed option value"),
        (65, "bad data: a weight or date that cannot be used, or a damaged data file"),
        (66, "an import file is missing or unreadable"),
        (73, "the data directory cannot be created"),
        (74, "input/output error (disk full, read-only file system)"),
        (75, "another trend process is writing: try again"),
        (77, "permission denied"),
        (130, "interrupted (SIGINT); 143: terminated (SIGTERM)"),
    ]
}
