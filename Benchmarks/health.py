#!/usr/bin/env python3
"""Apple Health at disk speed (SPEC §10, §20): times `trend import --dry-run` of a
generated export.xml in the real layout (default 300 MB) and of the same
export zipped, against `cat` of the (cached) file, the Python regex peer
(Benchmarks/health_peer.py) and `unzip -p`; peak memory under GNU time.
Median of --runs after a warm-up, jobs alternating. Writes its section of
RESULTS.md (below the marker that bench.py keeps).
Usage: health.py --trend PATH [--megabytes 300] [--runs 5]"""
import argparse, os, shutil, statistics, subprocess, sys, time, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MARKER = "<!-- measured separately; kept by bench.py -->"
SECTION = "## Apple Health and output that streams"


def timed(argv, env=None):
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(argv)}: {result.stderr.decode()}")
    return elapsed


def peak(argv, env=None):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    return int(result.stderr.strip().splitlines()[-1]) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trend", required=True)
    parser.add_argument("--megabytes", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(HERE, ".work"))
    parser.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    xml = os.path.join(args.work, f"export-{args.megabytes}MB.xml")
    if not os.path.exists(xml):
        print(f"generating {xml}...", file=sys.stderr)
        subprocess.run([sys.executable, os.path.join(HERE, "health_export.py"), xml, str(args.megabytes)], check=True)
    archive = os.path.join(args.work, f"export-{args.megabytes}MB.zip")
    if not os.path.exists(archive):
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(xml, "apple_health_export/export.xml")
    data = os.path.join(args.work, "health-data")
    env = dict(os.environ, TREND_DATA_DIR=data, TZ="UTC", TERM=os.environ.get("TERM") if os.environ.get("TERM", "dumb") != "dumb" else "xterm")
    jobs = {
        "trend import export.xml": [args.trend, "import", xml, "--dry-run", "-q"],
        "cat export.xml": ["cat", xml],
        "python regex": [sys.executable, os.path.join(HERE, "health_peer.py"), xml],
        "trend import export.zip": [args.trend, "import", archive, "--dry-run", "-q"],
    }
    if shutil.which("unzip"):
        jobs["unzip -p export.zip"] = ["unzip", "-p", archive, "apple_health_export/export.xml"]
    # The progress line (SPEC §6) on a terminal against the same import told to be quiet, both in a pseudo-terminal.
    # The import is over before the line's first second: it is asked for at once, so that it is drawn and its cost measured.
    script = shutil.which("script")
    if script:
        for name, quiet in [("trend import export.xml on a terminal", ""), ("trend import export.xml on a terminal, -q", " -q")]:
            jobs[name] = [script, "-qec", f"TREND_PROGRESS_DELAY=0 {args.trend} import {xml} --dry-run{quiet}", "/dev/null"]
    times = {name: [] for name in jobs}
    for round_index in range(args.runs + 1):
        for name, argv in jobs.items():
            elapsed = timed(argv, env)
            if round_index > 0:
                times[name].append(elapsed)
    median = {name: statistics.median(values) for name, values in times.items()}
    memory = {name: peak(argv, env) for name, argv in jobs.items() if name.startswith("trend") and "terminal" not in name}
    rows = [f"| {name} | {median[name] * 1000:.0f} | {f'{memory[name]:.1f}' if name in memory else ''} |" for name in jobs]
    ratios = [
        ("export.xml vs python regex", median["trend import export.xml"] / median["python regex"], 0.5),
        ("export.xml vs cat", median["trend import export.xml"] / median["cat export.xml"], 4),
        ("export.xml peak MiB", memory["trend import export.xml"], 32),
    ]
    if script:
        ratios.append(("progress line vs none", median["trend import export.xml on a terminal"] / median["trend import export.xml on a terminal, -q"], 1.02))
    if "unzip -p export.zip" in median:
        ratios.append(("export.zip vs unzip -p", median["trend import export.zip"] / median["unzip -p export.zip"], 1.5))
    # Output that streams: list and export of a 500,000-entry history.
    history = os.path.join(args.work, "history-500000")
    if not os.path.exists(os.path.join(history, "weights.json")):
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "500000", history], check=True)
    stream_env = dict(os.environ, TREND_DATA_DIR=history, TZ="UTC")
    stream_jobs = {"trend list --format csv": [args.trend, "list", "--format", "csv"], "trend export": [args.trend, "export"],
                   "trend export --format json": [args.trend, "export", "--format", "json"]}
    stream_times = {name: statistics.median([timed(argv, stream_env) for _ in range(args.runs)]) for name, argv in stream_jobs.items()}
    stream_memory = {name: peak(argv, stream_env) for name, argv in stream_jobs.items()}
    stream_rows = [f"| {name} | {stream_times[name] * 1000:.0f} | {stream_memory[name]:.1f} |" for name in stream_jobs]
    section = [SECTION, "",
               f"Written by `Benchmarks/health.py` on {time.strftime('%Y-%m-%d %H:%M %Z')}: a generated export.xml in the real layout "
               f"({os.path.getsize(xml) / 1e6:.0f} MB: DOCTYPE and ATTLIST, ~{args.megabytes * 4600:,} records of other kinds, a body-mass "
               f"record in every 500) and the same zipped ({os.path.getsize(archive) / 1e6:.1f} MB; generated data compresses far better "
               f"than a real export). Median of {args.runs} after a warm-up, jobs alternating; peak memory under GNU time.", "",
               "| job | ms | peak MiB |", "|---|---|---|", *rows, "",
               "| measure | value | target | |", "|---|---|---|---|",
               *[f"| {name} | {value:.2f} | ≤ {limit} | {'met' if value <= limit else '**not met**'} |" for name, value, limit in ratios], "",
               "Output that streams, a 500,000-entry history (no budget in §20; the history is read whole, its mapped pages",
               "counted as resident, and the output written in pieces).", "",
               "| job | ms | peak MiB |", "|---|---|---|", *stream_rows, ""]
    text = open(args.results).read() if os.path.exists(args.results) else ""
    if MARKER not in text:
        text += "\n" + MARKER + "\n"
    # Everything below the marker is this section: the file is the current table, its history is in git.
    head = text.split(MARKER, 1)[0]
    with open(args.results, "w") as f:
        f.write(head + MARKER + "\n\n" + "\n".join(section) + "\n")
    print("\n".join(section))
    missed = [name for name, value, limit in ratios if value > limit]
    if missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
