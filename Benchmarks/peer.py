#!/usr/bin/env python3
"""A Python peer of trend (standard library only), doing the same jobs on the
same weights.json, for the benchmark:

  peer.py log DATA_DIR WEIGHT    load, append, rewrite atomically (fsync, rename, fsync dir)
  peer.py progress DATA_DIR      load, EMA trend over all days, 3M report as JSON
  peer.py list DATA_DIR          load, every entry with its trend as CSV
  peer.py import DATA_DIR FILE   read a date,weight,unit,note CSV, check each row, skip
                                 rows already stored, write weights.json atomically
"""
import csv
import json
import os
import sys
import tempfile
import uuid
from datetime import date, datetime, timedelta, timezone


def load(directory):
    with open(os.path.join(directory, "weights.json"), "rb") as f:
        return json.load(f)


def local_day(entry):
    return datetime.fromisoformat(entry["date"]).date()


def trends(entries):
    """Earliest weigh-in per local day, interpolated gaps, EMA 0.1."""
    first = {}
    for e in entries:
        instant = datetime.fromisoformat(e["date"])
        day = instant.date()
        if day not in first or instant < first[day][0]:
            first[day] = (instant, e["kilograms"])
    if not first:
        return {}, []
    days = sorted(first)
    series = {}
    trend = first[days[0]][1]
    previous_day, previous_weight = days[0], trend
    series[days[0]] = trend
    for day in days[1:]:
        weight = first[day][1]
        gap = (day - previous_day).days
        for step in range(1, gap):
            value = previous_weight + (weight - previous_weight) * step / gap
            trend += 0.1 * (value - trend)
            series[previous_day + timedelta(days=step)] = trend
        trend += 0.1 * (weight - trend)
        series[day] = trend
        previous_day, previous_weight = day, weight
    ordered = sorted(series)
    return series, [series[d] for d in ordered]


def slope(values):
    window = values[-14:]
    n = len(window)
    if n < 2:
        return None
    mx = (n - 1) / 2
    my = sum(window) / n
    return sum((i - mx) * (y - my) for i, y in enumerate(window)) / sum((i - mx) ** 2 for i in range(n))


def progress(directory):
    store = load(directory)
    entries = store["entries"]
    series, values = trends(entries)
    today = datetime.now().astimezone().date()
    start = today - timedelta(days=89)
    points = [e for e in entries if start <= local_day(e) <= today]
    s = slope(values)
    r2 = lambda v: None if v is None else round(v, 2)
    weights = [p["kilograms"] for p in points]
    report = {
        "range": "3M", "from": start.isoformat(), "to": today.isoformat(), "unit": "kg", "count": len(points),
        "start": points[0] if points else None, "latest": points[-1] if points else None,
        "change": r2(weights[-1] - weights[0]) if points else None,
        "minimum": r2(min(weights)) if points else None, "maximum": r2(max(weights)) if points else None,
        "average": r2(sum(weights) / len(weights)) if points else None,
        "trend": r2(series[local_day(points[-1])]) if points else None,
        "weeklyRate": r2(s * 7) if s is not None else None, "goal": store.get("goalKilograms"),
        "points": [{"date": p["date"], "weight": r2(p["kilograms"]), "trend": r2(series[local_day(p)])} for p in points],
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


def list_csv(directory):
    entries = load(directory)["entries"]
    series, _ = trends(entries)
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["id", "date", "weight", "unit", "trend", "note"])
    for e in entries:
        writer.writerow([e["id"], e["date"], round(e["kilograms"], 2), "kg", round(series[local_day(e)], 2), e.get("note", "")])


def log(directory, weight):
    path = os.path.join(directory, "weights.json")
    store = load(directory)
    now = datetime.now().astimezone().replace(microsecond=0)
    store["entries"].append({"date": now.isoformat(), "id": str(uuid.uuid4()), "kilograms": float(weight)})
    store["entries"].sort(key=lambda e: (datetime.fromisoformat(e["date"]), e["id"]))
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=".weights.json.tmp-")
    with os.fdopen(fd, "w") as f:
        json.dump(store, f, sort_keys=True, indent=2)
        f.flush()
        os.fsync(f.fileno())
    os.rename(temporary, path)
    dfd = os.open(directory, os.O_RDONLY)
    os.fsync(dfd)
    os.close(dfd)


def import_csv(directory, path):
    """What `trend import` does with a CSV, the way a careful script would:
    every row parsed and checked, duplicates (same minute, same weight)
    skipped, one atomic write."""
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, "weights.json")
    store = load(directory) if os.path.exists(target) else {"entries": [], "version": 1}
    seen = {(e["date"][:16], round(e["kilograms"], 2)) for e in store["entries"]}
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = [h.strip().lower() for h in next(reader)]
        di, wi, ui = header.index("date"), header.index("weight"), header.index("unit") if "unit" in header else None
        ni = header.index("note") if "note" in header else None
        for line, row in enumerate(reader, start=2):
            stamp = datetime.fromisoformat(row[di])
            weight = float(row[wi])
            if not (0 < weight < 1000):
                raise SystemExit(f"{path}:{line}: not a weight")
            kilograms = weight * 0.45359237 if ui is not None and row[ui] == "lb" else weight
            key = (stamp.isoformat()[:16], round(kilograms, 2))
            if key in seen:
                continue
            seen.add(key)
            entry = {"date": stamp.isoformat(), "id": str(uuid.uuid4()), "kilograms": kilograms}
            if ni is not None and row[ni]:
                entry["note"] = row[ni]
            store["entries"].append(entry)
    store["entries"].sort(key=lambda e: (datetime.fromisoformat(e["date"]), e["id"]))
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=".weights.json.tmp-")
    with os.fdopen(fd, "w") as f:
        json.dump(store, f, sort_keys=True, indent=2)
        f.flush()
        os.fsync(f.fileno())
    os.rename(temporary, target)


if __name__ == "__main__":
    job, directory = sys.argv[1], sys.argv[2]
    {"progress": lambda: progress(directory), "list": lambda: list_csv(directory), "log": lambda: log(directory, sys.argv[3]),
     "import": lambda: import_csv(directory, sys.argv[3])}[job]()
