#!/usr/bin/env python3
"""A Python peer of trend (standard library only), doing the same jobs on the
same weights.json, for the benchmark:

  peer.py log DATA_DIR WEIGHT    load, append, rewrite atomically (fsync, rename, fsync dir)
  peer.py progress DATA_DIR      load, EMA trend over all days, 3M report as JSON
  peer.py list DATA_DIR          load, every entry with its trend as CSV
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


if __name__ == "__main__":
    job, directory = sys.argv[1], sys.argv[2]
    {"progress": lambda: progress(directory), "list": lambda: list_csv(directory), "log": lambda: log(directory, sys.argv[3])}[job]()
