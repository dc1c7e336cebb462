#!/usr/bin/env python3
"""Checks SPEC §20's budgets: trend against the Python peer (peer.py) doing
the same jobs, and against the floors (cat, cp), on the histories §20
names. Each figure is the median of --runs runs after a warm-up, the jobs
of a group alternating run by run, so a ratio compares runs made side by
side. Peak memory comes from GNU time. Writes Benchmarks/RESULTS.md.

Usage: bench.py --trend BINARY [--trend BINARY ...] [--runs 7] [--quick]
"""
import argparse
import fcntl
import os
import platform
import pty
import select
import struct
import termios
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PEER = [sys.executable, os.path.join(HERE, "peer.py")]


def run_once(argv, env=None):
    """Wall seconds of one process, its output discarded; it must succeed."""
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"failed ({result.returncode}): {' '.join(argv)}\n{result.stderr.decode()[-2000:]}")
    return elapsed


def peak_mib(argv, env=None):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    return int(result.stderr.strip().splitlines()[-1]) / 1024


def measure(jobs, runs):
    """jobs: name -> (argv, prepare or None). Medians, jobs alternating,
    every other round in reverse order; the first round only warms up."""
    times = {name: [] for name in jobs}
    for round_index in range(runs + 1):
        order = list(jobs.items())
        if round_index % 2:
            order.reverse()
        for name, (argv, prepare) in order:
            if prepare:
                prepare()
            os.sync()  # what an earlier job wrote is not this one's cost
            elapsed = run_once(argv)
            if round_index:
                times[name].append(elapsed)
    return {name: statistics.median(values) for name, values in times.items()}


def generate(work, name, argv):
    """`work/name`, made by `argv` (which names where it writes) when missing."""
    path = os.path.join(work, name)
    if not os.path.exists(path):
        print(f"generating {name}...", file=sys.stderr)
        subprocess.run(argv, check=True)
    return path


class Budgets:
    def __init__(self):
        self.rows = []

    def check(self, label, value, limit, unit=""):
        met = value <= limit
        self.rows.append((label, f"{value:.2f}{unit}", f"≤ {limit}{unit}", "met" if met else "**not met**"))
        return met


def copy_fresh(source, directory):
    def prepare():
        os.makedirs(directory, exist_ok=True)
        shutil.copyfile(source, os.path.join(directory, "weights.json"))
    return prepare


def empty(directory):
    return lambda: shutil.rmtree(directory, ignore_errors=True)


def history_budgets(trend, tag, work, runs, budgets, table):
    """The ten-year history and 100,000 records (SPEC §20)."""
    years = os.path.dirname(generate(work, "years-10/weights.json", [sys.executable, os.path.join(HERE, "generate_years.py"), "10", os.path.join(work, "years-10")]))
    data = os.path.join(years, "weights.json")
    scratch = os.path.join(work, "scratch")
    jobs = {
        "status": ([trend, "--data-dir", years, "status"], None),
        "last": ([trend, "--data-dir", years, "last"], None),
        "progress": ([trend, "--data-dir", years, "progress", "--range", "3M", "--format", "json"], None),
        "peer progress": (PEER + ["progress", years], None),
        "cat": (["cat", data], None),
        "log": ([trend, "--data-dir", scratch, "log", "91", "--force"], copy_fresh(data, scratch)),
        "eat": ([trend, "--data-dir", scratch, "eat", "650"], copy_fresh(data, scratch)),
        "measure": ([trend, "--data-dir", scratch, "measure", "waist", "95"], copy_fresh(data, scratch)),
        "cp": (["cp", data, os.path.join(work, "copy.json")], None),
    }
    m = measure(jobs, runs)
    for job in ("status", "last", "progress"):
        table.append((tag, "ten years", job, m[job], f"{m[job] / m['cat']:.1f}× cat, {m[job] / m['peer progress']:.3f}× peer"))
        budgets.check(f"{tag}: ten years, {job} vs cat", m[job] / m["cat"], 8)
        budgets.check(f"{tag}: ten years, {job} vs peer", m[job] / m["peer progress"], 0.15)
    for job in ("log", "eat", "measure"):
        table.append((tag, "ten years", job, m[job], f"{m[job] / m['cp']:.1f}× cp"))
        budgets.check(f"{tag}: ten years, {job} vs cp", m[job] / m["cp"], 8)

    for n in (50_000, 100_000):
        pristine = os.path.dirname(generate(work, f"history-{n}/weights.json", [sys.executable, os.path.join(HERE, "generate.py"), str(n), os.path.join(work, f"history-{n}")]))
        source = os.path.join(pristine, "weights.json")
        csv = os.path.join(work, f"history-{n}.csv")
        if not os.path.exists(csv):
            with open(csv, "wb") as f:
                subprocess.run([trend, "--data-dir", pristine, "export"], stdout=f, check=True)
        jobs = {
            "progress": ([trend, "--data-dir", pristine, "progress", "--range", "3M", "--format", "json"], None),
            "status": ([trend, "--data-dir", pristine, "status"], None),
            "last": ([trend, "--data-dir", pristine, "last"], None),
            "peer progress": (PEER + ["progress", pristine], None),
            "list": ([trend, "--data-dir", pristine, "list", "--format", "csv"], None),
            "peer list": (PEER + ["list", pristine], None),
            "log": ([trend, "--data-dir", scratch, "log", "91", "--force"], copy_fresh(source, scratch)),
            "peer log": (PEER + ["log", scratch + "-peer", "91"], copy_fresh(source, scratch + "-peer")),
            "import": ([trend, "--data-dir", scratch + "-import", "import", csv, "-q"], empty(scratch + "-import")),
            "peer import": (PEER + ["import", scratch + "-peer-import", csv], empty(scratch + "-peer-import")),
        }
        m = measure(jobs, runs if n == 100_000 else max(3, runs // 2))
        pairs = [("progress", "peer progress"), ("status", "peer progress"), ("last", "peer progress"), ("list", "peer list"), ("log", "peer log"), ("import", "peer import")]
        for job, peer in pairs:
            table.append((tag, f"{n:,} records", job, m[job], f"{m[job] / m[peer]:.3f}× peer ({m[peer] * 1000:.0f} ms)"))
            if n == 100_000:
                budgets.check(f"{tag}: 100,000 records, {job} vs peer", m[job] / m[peer], 0.15)
        if n == 50_000:
            half = m
        else:
            for job in ("progress", "list", "log", "import"):
                budgets.check(f"{tag}: {job} at 100,000 vs 50,000 records", m[job] / half[job], 2.2)
    streaming_budgets(trend, tag, work, budgets, table)


def streaming_budgets(trend, tag, work, budgets, table):
    """list and export of 500,000 records write as they go: peak memory at most 64 MiB."""
    n = 500_000
    pristine = os.path.dirname(generate(work, f"history-{n}/weights.json", [sys.executable, os.path.join(HERE, "generate.py"), str(n), os.path.join(work, f"history-{n}")]))
    data_mib = os.path.getsize(os.path.join(pristine, "weights.json")) / 2**20
    for name, argv in (("list", ["list"]), ("list --format csv", ["list", "--format", "csv"]), ("list --format json", ["list", "--format", "json"]),
                       ("export", ["export"]), ("export --format json", ["export", "--format", "json"]), ("export --kind all", ["export", "--kind", "all"])):
        peak = peak_mib([trend, "--data-dir", pristine] + argv)
        budgets.check(f"{tag}: 500,000 records ({data_mib:.0f} MiB file), {name}, peak MiB", peak, 64)


def import_budgets(trend, work, runs, budgets, table):
    """A million rows, and imports linear in rows, rows per day and flagged rows."""
    env = dict(os.environ, TZ="Europe/Berlin")
    files = {}
    for name, rows, per_day, typos in (("1m", 1_000_000, 77, 0), ("500k", 500_000, 77, 0), ("500k-sparse", 500_000, 10, 0),
                                       ("500k-dense", 500_000, 400, 0), ("500k-flagged", 500_000, 77, 0.01)):
        path = os.path.join(work, f"dense-{name}.csv")
        files[name] = generate(work, f"dense-{name}.csv", [sys.executable, os.path.join(HERE, "generate_dense.py"), str(rows), str(per_day), path, str(typos)])
    target = os.path.join(work, "import-target")
    jobs = {name: (["env", "TZ=Europe/Berlin", trend, "--data-dir", target, "import", path, "-q"], empty(target)) for name, path in files.items()}
    jobs["peer 1m"] = (["env", "TZ=Europe/Berlin"] + PEER + ["import", target + "-peer", files["1m"]], empty(target + "-peer"))
    m = measure(jobs, max(3, runs // 2))
    for name in files:
        table.append(("make", f"import {name}", "import", m[name], ""))
    table.append(("", "import 1m", "peer import", m["peer 1m"], ""))
    budgets.check("import 1,000,000 rows, seconds", m["1m"], 2, " s")
    budgets.check("import 1,000,000 rows vs peer", m["1m"] / m["peer 1m"], 0.1)
    shutil.rmtree(target, ignore_errors=True)
    run_once(["env", "TZ=Europe/Berlin", trend, "--data-dir", target, "import", files["1m"], "-q"])
    data_mib = os.path.getsize(os.path.join(target, "weights.json")) / 2**20
    shutil.rmtree(target, ignore_errors=True)
    peak = peak_mib([trend, "--data-dir", target, "import", files["1m"], "-q"], env=env)
    budgets.check(f"import 1,000,000 rows, peak MiB (data file {data_mib:.0f} MiB)", peak, round(2 * data_mib + 32))
    budgets.check("import 1,000,000 vs 500,000 rows", m["1m"] / m["500k"], 2.2)
    budgets.check("import at 400 rows a day vs 10", m["500k-dense"] / m["500k-sparse"], 2.2)
    budgets.check("import with 1% flagged rows vs none", m["500k-flagged"] / m["500k"], 2.2)


def read_until_quiet(fd, quiet):
    """Reads what the program draws until it has written nothing for
    `quiet` seconds; returns when the last byte came, or None without any."""
    last = None
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return last
        try:
            if not os.read(fd, 65536):
                return last
        except OSError:
            return last
        last = time.perf_counter()


def ui_budget(trend, tag, work, budgets, table, keys=40):
    """`trend ui` on the ten-year history in a pseudo-terminal of 100×30:
    the time from a key (a range, 1-5 in turn) to the last byte of its
    redraw (SPEC §19: at most 30 ms)."""
    years = os.path.join(work, "years-10")
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(trend, [trend, "--data-dir", years, "ui"], dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8"))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    read_until_quiet(fd, 1.0)
    times = []
    for index in range(keys):
        sent = time.perf_counter()
        os.write(fd, b"23451"[index % 5:index % 5 + 1])
        last = read_until_quiet(fd, 0.3)
        if last is None:
            raise SystemExit("trend ui drew nothing after a key")
        times.append(last - sent)
    os.write(fd, b"q")
    read_until_quiet(fd, 0.5)
    os.waitpid(pid, 0)
    median, worst = statistics.median(times), max(times)
    table.append((tag, "ten years", "ui: key to redraw", median, f"the slowest of {keys}: {worst * 1000:.1f} ms"))
    budgets.check(f"{tag}: ten years, ui key to redraw, ms (median)", median * 1000, 30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trend", action="append", required=True, help="a binary to time; make's first")
    parser.add_argument("--label", action="append", help="what each --trend is")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="the histories only, not the imports")
    parser.add_argument("--work", default=os.path.join(HERE, ".work"))
    parser.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    args = parser.parse_args()
    labels = args.label or [f"binary {i + 1}" for i in range(len(args.trend))]
    os.makedirs(args.work, exist_ok=True)
    os.environ.setdefault("TZ", "UTC")
    load_before = os.getloadavg()[0]
    budgets = Budgets()
    table = []
    for trend, label in zip(args.trend, labels):
        history_budgets(trend, label, args.work, args.runs, budgets, table)
    ui_budget(args.trend[0], labels[0], args.work, budgets, table)
    if not args.quick:
        import_budgets(args.trend[0], args.work, args.runs, budgets, table)
    write_results(args, labels, budgets, table, load_before)
    for row in budgets.rows:
        print(" | ".join(row))
    if any(row[3] != "met" for row in budgets.rows):
        sys.exit(1)


def write_results(args, labels, budgets, table, load_before):
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0] if shutil.which("swift") else "swift: not found"
    kept = ""
    marker = "<!-- measured separately; kept by bench.py -->"
    if os.path.exists(args.results):
        old = open(args.results).read()
        if marker in old:
            kept = "\n" + old[old.index(marker):]
    lines = [
        "# Benchmark results", "",
        f"Written by `Benchmarks/run` on {time.strftime('%Y-%m-%d %H:%M %Z')}; load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after.", "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}; {swift}.", "",
        "Binaries: " + "; ".join(f"{label}: `{path}`" for label, path in zip(labels, args.trend)) + ".", "",
        f"How: the median of {args.runs} runs after a warm-up (the 50,000-record group and the imports fewer), the jobs of a group alternating",
        "run by run, every other round in reverse order, the disk synced before each job. Ratios compare runs made side by side;",
        "seconds move with the machine's load, so only the ratios are budgets. Peak memory is the maximum resident set under GNU time.", "",
        "The ten-year history is `generate_years.py 10` (3,650 weigh-ins, three meals a day, a weekly tape of two names);",
        "the record histories are `generate.py N`; the imports `generate_dense.py` (local times, no offset, at TZ=Europe/Berlin).", "",
        "## Budgets (SPEC §20)", "", "| budget | value | limit | |", "|---|---|---|---|",
    ]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in budgets.rows]
    lines += ["", "## Times", "", "| binary | input | job | ms | against |", "|---|---|---|---|---|"]
    lines += [f"| {tag} | {what} | {job} | {seconds * 1000:.1f} | {note} |" for tag, what, job, seconds, note in table]
    with open(args.results, "w") as f:
        f.write("\n".join(lines) + "\n" + kept)


if __name__ == "__main__":
    main()
