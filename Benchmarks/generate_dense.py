#!/usr/bin/env python3
"""A CSV of many weigh-ins a day, as a scale that logs every step on it
writes: `date,weight` rows with local times and no offset, oldest first.
With TYPOS (a share, e.g. 0.01), that share of rows is a reading far from
the rest (a typo the import lists). Deterministic.
Usage: generate_dense.py ROWS PER_DAY OUT.csv [TYPOS]
"""
import datetime
import random
import sys


def main():
    rows, per_day, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    typos = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
    rng = random.Random(39)
    days = (rows + per_day - 1) // per_day
    start = datetime.datetime(2026, 11, 30) - datetime.timedelta(days=days)
    lines = ["date,weight\n"]
    weight = 85.0
    for d in range(days):
        base = start + datetime.timedelta(days=d)
        # A walk that keeps to a body's range over any number of days.
        weight += rng.uniform(-0.05, 0.05) + (85.0 - weight) * 0.01
        for second in sorted(rng.sample(range(86400), per_day)):
            if len(lines) > rows:
                break
            stamp = base + datetime.timedelta(seconds=second)
            reading = weight * rng.choice((0.5, 1.6)) if rng.random() < typos else weight + rng.uniform(-1.5, 1.5)
            lines.append("%s,%.1f\n" % (stamp.strftime("%Y-%m-%d %H:%M:%S"), reading))
    with open(out, "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    main()
