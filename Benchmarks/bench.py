#!/usr/bin/env python3
"""Times trend against the Python peer and the floors (cat, cp, /bin/true).

Runs alternate A/B within one run; each measure is the median of --runs
runs after one warm-up; peak memory comes from wait4's rusage of each
process. Prints a table and writes RESULTS.md. Used by Benchmarks/run.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_once(argv):
    """Wall seconds and peak RSS (KiB) of one process. posix_spawn, not fork:
    a forked child would count the Python parent's pages as its own."""
    path = argv[0] if os.path.isabs(argv[0]) else shutil.which(argv[0])
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(path, argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed ({status}): {' '.join(argv)}")
    return elapsed, usage.ru_maxrss


def peak_memory(argv):
    """Peak RSS (KiB) through GNU time, whose freshly forked child starts
    small: exec keeps the spawner's high-water mark in ru_maxrss, so a child
    spawned by Python would report Python's memory."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(result.stderr.strip().splitlines()[-1])


# Up to 10,000 entries a job takes milliseconds, on a par with starting a
# process: one slow start moves a median of five, so these sizes get more.
SMALL_RUNS = 31


def measure(jobs, runs):
    """jobs: name -> (argv, prepare). Alternates the jobs run by run."""
    results = {name: [] for name in jobs}
    previous = None
    for round_index in range(runs + 1):
        # Forward one round, backward the next: a job that always ran right
        # after the same one (the imports' writeback) would carry its cost.
        order = list(jobs.items())
        if round_index % 2:
            order.reverse()
        # Where the direction turns, the job that ended a round would start
        # the next and run twice in a row, the second time with its code and
        # data still in the caches: it goes last instead.
        if order[0][0] == previous:
            order.append(order.pop(0))
        previous = order[-1][0]
        for name, (argv, prepare) in order:
            if prepare:
                prepare()
            # Untimed: write back what earlier jobs (a 100 MB log) left dirty,
            # so their I/O does not land in this job's time.
            os.sync()
            elapsed, rss = run_once(argv)
            if round_index > 0:  # the first round warms caches
                results[name].append((elapsed, rss))
    summary = {}
    for name, (argv, prepare) in jobs.items():
        if prepare:
            prepare()
        summary[name] = (statistics.median(t for t, _ in results[name]), peak_memory(argv) if os.path.exists("/usr/bin/time") else max(r for _, r in results[name]))
    return summary


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trend", required=True)
    parser.add_argument("--sizes", default="1000,10000,100000,1000000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(HERE, ".work"))
    parser.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    parser.add_argument("--build", default="(not given)", help="the build command of the binary timed")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    os.environ.setdefault("TZ", "UTC")
    load_before = os.getloadavg()
    rows = []
    for n in sizes:
        pristine = os.path.join(args.work, f"history-{n}")
        if not os.path.exists(os.path.join(pristine, "weights.json")):
            print(f"generating {n} entries...", file=sys.stderr)
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(n), pristine], check=True)
        source = os.path.join(pristine, "weights.json")
        trend_dir = os.path.join(args.work, f"log-trend-{n}")
        peer_dir = os.path.join(args.work, f"log-peer-{n}")
        for d in (trend_dir, peer_dir):
            os.makedirs(d, exist_ok=True)

        def fresh(directory):
            return lambda: shutil.copyfile(source, os.path.join(directory, "weights.json"))

        # The history as the CSV export, to time a whole import into an empty directory.
        csv_path = os.path.join(args.work, f"history-{n}.csv")
        if not os.path.exists(csv_path):
            with open(csv_path, "wb") as f:
                subprocess.run([args.trend, "--data-dir", pristine, "export"], stdout=f, check=True)
        import_dir = os.path.join(args.work, f"import-{n}")
        peer_import_dir = os.path.join(args.work, f"import-peer-{n}")

        def empty_import_dir():
            shutil.rmtree(import_dir, ignore_errors=True)

        def empty_peer_import_dir():
            shutil.rmtree(peer_import_dir, ignore_errors=True)

        # A weight near the latest one: trend's typo guard refuses a reading far
        # from the trend, and its check (under the lock) is part of what is timed.
        latest = json.loads(subprocess.run([args.trend, "--data-dir", pristine, "last", "--format", "json"],
                                           capture_output=True, text=True, check=True).stdout)["kilograms"]
        weight = f"{latest:.1f}"
        peer = [sys.executable, os.path.join(HERE, "peer.py")]
        jobs = {
            "trend progress": ([args.trend, "--data-dir", pristine, "progress", "--range", "3M", "--format", "json"], None),
            "peer progress": (peer + ["progress", pristine], None),
            "cat": (["cat", source], None),
            "trend list": ([args.trend, "--data-dir", pristine, "list", "--format", "csv"], None),
            "peer list": (peer + ["list", pristine], None),
            "trend log": ([args.trend, "--data-dir", trend_dir, "log", weight], fresh(trend_dir)),
            "peer log": (peer + ["log", peer_dir, weight], fresh(peer_dir)),
            "cp": (["cp", source, os.path.join(args.work, "copy.json")], None),
            "trend import": ([args.trend, "--data-dir", import_dir, "import", csv_path, "-q"], empty_import_dir),
            "peer import": (peer + ["import", peer_import_dir, csv_path], empty_peer_import_dir),
            "trend status": ([args.trend, "--data-dir", pristine, "status"], None),
            "trend last": ([args.trend, "--data-dir", pristine, "last"], None),
            "cat csv": (["cat", csv_path], None),
            "trend --version": ([args.trend, "--version"], None),
            "/bin/true": (["/bin/true"], None),
        }
        # SPEC §15: the same history with 20,000 intake entries beside it (at 10,000 weigh-ins).
        if n == 10_000:
            with_intake = os.path.join(args.work, f"history-{n}-intake")
            if not os.path.exists(os.path.join(with_intake, "weights.json")):
                subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(n), with_intake, "1", "20000"], check=True)
            jobs["trend progress intake"] = ([args.trend, "--data-dir", with_intake, "progress", "--range", "3M", "--format", "json"], None)
        # Issue 39: a million rows at 77 a day, local times without an
        # offset in a zone with summer time, imported into an empty directory.
        if n == 1_000_000:
            dense_csv = os.path.join(args.work, "dense-1000000.csv")
            if not os.path.exists(dense_csv):
                subprocess.run([sys.executable, os.path.join(HERE, "generate_dense.py"), str(n), "77", dense_csv], check=True)
            dense_dir = os.path.join(args.work, "import-dense")
            dense_peer_dir = os.path.join(args.work, "import-dense-peer")
            jobs["trend import dense"] = (
                ["env", "TZ=Europe/Berlin", args.trend, "--data-dir", dense_dir, "import", dense_csv, "-q"], lambda: shutil.rmtree(dense_dir, ignore_errors=True))
            jobs["peer import dense"] = (
                ["env", "TZ=Europe/Berlin"] + peer + ["import", dense_peer_dir, dense_csv], lambda: shutil.rmtree(dense_peer_dir, ignore_errors=True))
        print(f"measuring N={n}...", file=sys.stderr)
        m = measure(jobs, max(args.runs, SMALL_RUNS) if n <= 10_000 else args.runs)
        if "trend import dense" in m:
            # The data file the dense import writes, for its memory target.
            dense_dir = os.path.join(args.work, "import-dense")
            shutil.rmtree(dense_dir, ignore_errors=True)
            subprocess.run(["env", "TZ=Europe/Berlin", args.trend, "--data-dir", dense_dir, "import", os.path.join(args.work, "dense-1000000.csv"), "-q"], check=True)
            m["dense data file"] = (os.path.getsize(os.path.join(dense_dir, "weights.json")), 0)
            m["dense csv"] = (os.path.getsize(os.path.join(args.work, "dense-1000000.csv")), 0)
        rows.append((n, os.path.getsize(source), m, os.path.getsize(csv_path)))

    def ms(seconds):
        return f"{seconds * 1000:.1f}"

    lines = []
    lines.append("| N | file | job | trend ms | peer ms | floor ms | trend/peer | trend/floor | trend peak MiB | peer peak MiB |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    for n, size, m, csv_size in rows:
        for job, floor in (("progress", "cat"), ("list", "cat"), ("log", "cp")):
            t, tr = m[f"trend {job}"]
            p, pr = m[f"peer {job}"]
            f, _ = m[floor]
            lines.append(f"| {n:,} | {size / 2**20:.1f} MiB | {job} | {ms(t)} | {ms(p)} | {ms(f)} ({floor}) | {t / p:.2f} | {t / f:.1f} | {tr / 1024:.1f} | {pr / 1024:.1f} |")
        t, tr = m["trend import"]
        p, pr = m["peer import"]
        f, _ = m["cat csv"]
        lines.append(f"| {n:,} | {csv_size / 2**20:.1f} MiB CSV | import (one write) | {ms(t)} | {ms(p)} | {ms(f)} (cat) | {t / p:.2f} | {t / f:.1f} | {tr / 1024:.1f} | {pr / 1024:.1f} |")
        t, tr = m["trend status"]
        f, _ = m["trend last"]
        lines.append(f"| {n:,} | | status | {ms(t)} | | {ms(f)} (trend last) | | {t / f:.2f} | {tr / 1024:.1f} | |")
        t, tr = m["trend --version"]
        f, _ = m["/bin/true"]
        lines.append(f"| {n:,} | | --version | {ms(t)} | | {ms(f)} (/bin/true) | | {t / f:.1f} | {tr / 1024:.1f} | |")
        if "trend import dense" in m:
            t, tr = m["trend import dense"]
            p, pr = m["peer import dense"]
            lines.append(f"| {n:,} | {m['dense csv'][0] / 2**20:.1f} MiB CSV, 77 a day | import (one write) | {ms(t)} | {ms(p)} | | {t / p:.2f} | | {tr / 1024:.1f} | {pr / 1024:.1f} |")
        if "trend progress intake" in m:
            t, tr = m["trend progress intake"]
            f, _ = m["trend progress"]
            lines.append(f"| {n:,} | + 20,000 intake | progress | {ms(t)} | | {ms(f)} (without intake) | | {t / f:.2f} | {tr / 1024:.1f} | |")
    table = "\n".join(lines)
    print(table)

    targets = []
    for n, size, m, csv_size in rows:
        # Issue 24: imports at 100,000 and 1,000,000 rows. The final data file
        # is the history's weights.json: the CSV is its export.
        if n in (100_000, 1_000_000):
            targets.append(f"| {n:,} | import vs peer | {m['trend import'][0] / m['peer import'][0]:.2f} | ≤ 0.1 | {'met' if m['trend import'][0] / m['peer import'][0] <= 0.1 else '**not met**'} |")
            limit = 2 * size / 2**20 + 32
            peak = m["trend import"][1] / 1024
            targets.append(f"| {n:,} | import peak MiB | {peak:.1f} | ≤ {limit:.0f} (2 × data file + 32) | {'met' if peak <= limit else '**not met**'} |")
        if n == 1_000_000:
            seconds = m["trend import"][0]
            targets.append(f"| {n:,} | import seconds | {seconds:.2f} | ≤ 1.5 | {'met' if seconds <= 1.5 else '**not met**'} |")
            if "trend import dense" in m:
                ratio = m["trend import dense"][0] / m["peer import dense"][0]
                targets.append(f"| {n:,} | import at 77 a day vs peer | {ratio:.2f} | ≤ 0.1 | {'met' if ratio <= 0.1 else '**not met**'} |")
                limit = 2 * m["dense data file"][0] / 2**20 + 32
                peak = m["trend import dense"][1] / 1024
                targets.append(f"| {n:,} | import at 77 a day peak MiB | {peak:.1f} | ≤ {limit:.0f} (2 × data file + 32) | {'met' if peak <= limit else '**not met**'} |")
        if n not in (10_000, 1_000_000):
            continue
        small = n == 10_000
        checks = [
            ("progress vs peer", m["trend progress"][0] / m["peer progress"][0], 0.25),
            ("progress vs cat", m["trend progress"][0] / m["cat"][0], 4 if small else 20),
            ("log vs peer", m["trend log"][0] / m["peer log"][0], 0.25),
            ("log vs cp", m["trend log"][0] / m["cp"][0], 5 if small else 10),
            ("progress peak MiB", m["trend progress"][1] / 1024, 15 if small else 150),
        ]
        if small:
            checks.append(("--version vs /bin/true", m["trend --version"][0] / m["/bin/true"][0], 4))
            # Issue 36: intake beside the weigh-ins costs little.
            checks.append(("progress with 20,000 intake vs without", m["trend progress intake"][0] / m["trend progress"][0], 1.3))
            # Issue 22: status is for every prompt.
            checks.append(("status vs last", m["trend status"][0] / m["trend last"][0], 1.2))
        for name, value, limit in checks:
            targets.append(f"| {n:,} | {name} | {value:.2f} | ≤ {limit} | {'met' if value <= limit else '**not met**'} |")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0] if shutil.which("swift") else "swift: not found"
    # Sections measured by hand (below the marker) are kept when the tables are rewritten.
    marker = "<!-- measured separately; kept by bench.py -->"
    kept = ""
    if os.path.exists(args.results):
        old = open(args.results).read()
        if marker in old:
            kept = "\n" + old[old.index(marker):]
    with open(args.results, "w") as f:
        f.write("# Benchmark results\n\n")
        f.write(f"Written by `Benchmarks/run` on {time.strftime('%Y-%m-%d %H:%M %Z')}.\n\n")
        load_after = os.getloadavg()
        f.write(f"Build: `{args.build}`, the binary `make install` installs (position-independent, address randomisation on). ")
        f.write(f"Load average {load_before[0]:.2f} before, {load_after[0]:.2f} after (1 minute).\n\n")
        f.write(f"Machine: {machine}; {swift}. Median of {args.runs} runs ({max(args.runs, SMALL_RUNS)} up to 10,000 entries) after a warm-up, jobs alternating within each round, in reverse order every other round (the job that ended a round never starts the next); ")
        f.write("peak memory is the maximum resident set of one more run under GNU time. The machine is shared: compare ratios within one run.\n\n")
        f.write("Jobs: `trend progress --range 3M --format json`, `trend list --format csv > /dev/null`, `trend log W`, W near the latest weigh-in (on a fresh copy ")
        f.write("of the history each run), `trend --version`; the Python peer (`Benchmarks/peer.py`) does the same on the same files; the floors ")
        f.write("are `cat FILE > /dev/null`, `cp FILE COPY` and `/bin/true`. `import` is `trend import` of the history's CSV export ")
        f.write("into an empty data directory; `import, 77 a day` a million `date,weight` rows with local times and no offset, at TZ=Europe/Berlin.\n\n")
        f.write(table + "\n\n## Targets (issues 7, 22, 24, 36, 39)\n\n| N | measure | value | target | |\n|---|---|---|---|---|\n")
        f.write("\n".join(targets) + "\n" + kept)
    print("\n".join(targets))


if __name__ == "__main__":
    main()
