#!/usr/bin/env python3
"""A CSV of many weigh-ins a day, as a scale that logs every step on it
writes: `date,weight` rows with local times and no offset, oldest first.
Deterministic. Usage: generate_dense.py ROWS PER_DAY OUT.csv
"""
import datetime
import random
import sys


def main():
    rows, per_day, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(39)
    days = (rows + per_day - 1) // per_day
    start = datetime.datetime(2026, 11, 30) - datetime.timedelta(days=days)
    lines = ["date,weight\n"]
    weight = 85.0
    for d in range(days):
        base = start + datetime.timedelta(days=d)
        weight += rng.uniform(-0.05, 0.045)
        for second in sorted(rng.sample(range(86400), per_day)):
            if len(lines) > rows:
                break
            stamp = base + datetime.timedelta(seconds=second)
            lines.append("%s,%.1f\n" % (stamp.strftime("%Y-%m-%d %H:%M:%S"), weight + rng.uniform(-1.5, 1.5)))
    with open(out, "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    main()
