#!/usr/bin/env python3
"""Writes a realistic weights.json with N entries, in trend's canonical layout.

Histories run back from yesterday: one weigh-in a day with some days holding
two (up to 30 years; larger N puts more weigh-ins on each day), a slow drift
with daily noise, offsets of the places people live, 10% with notes.
Usage: generate.py N DATA_DIR [SEED] [INTAKE]
With INTAKE, that many intake entries (two or three meals a day) go beside
the weigh-ins, over the same days: the store of SPEC §15 (version 3).
"""
import math
import os
import random
import sys
import uuid
from datetime import datetime, timedelta, timezone


def main():
    n = int(sys.argv[1])
    out = sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    days = min(math.ceil(n / 1.2), 30 * 365)
    end = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=1)
    start = end - timedelta(days=days)
    offsets = [0, 3600, 7200, -18000, -25200, 19800]
    notes = ["after run", "before breakfast", "travel, hotel scale", "sick \"flu\"", "new scale"]
    # Whole seconds; ties are ordered by id below, as trend keeps them.
    instants = sorted(int(start.timestamp() + rng.random() * days * 86400) for _ in range(n))
    weight = 92.0
    rows = []
    for t in instants:
        weight += rng.gauss(-0.002, 0.05)
        weight = min(max(weight, 55.0), 140.0)
        offset = offsets[0] if rng.random() < 0.9 else rng.choice(offsets)
        local = datetime.fromtimestamp(int(t) + offset, timezone.utc)
        sign = "+" if offset >= 0 else "-"
        date = local.strftime("%Y-%m-%dT%H:%M:%S") + "%s%02d:%02d" % (sign, abs(offset) // 3600, abs(offset) % 3600 // 60)
        kilograms = round(weight + rng.gauss(0, 0.6), rng.choice([1, 1, 2, 9]))
        identifier = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        entry = '{"date": "%s", "id": "%s", "kilograms": %s' % (date, identifier, repr(kilograms).rstrip("0").rstrip(".") if "." in repr(kilograms) else repr(kilograms))
        if rng.random() < 0.1:
            entry += ', "note": "%s"' % rng.choice(notes).replace('"', '\\"')
        rows.append((t, identifier, entry + "}"))
    rows.sort(key=lambda row: (row[0], row[1]))
    entries = [row[2] for row in rows]
    intake_count = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    meals = []
    if intake_count:
        # Spread over the history's last days, about three a day, at meal times.
        meal_days = max(1, intake_count // 3)
        for i in range(intake_count):
            day = end - timedelta(days=meal_days - 1 - (i // 3))
            t = int(day.timestamp()) + [8, 13, 19][i % 3] * 3600 + rng.randrange(3600)
            local = datetime.fromtimestamp(t, timezone.utc)
            identifier = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            kcal = round(rng.uniform(300, 1100), rng.choice([0, 1]))
            kcal_text = repr(kcal).rstrip("0").rstrip(".") if "." in repr(kcal) else repr(kcal)
            meals.append((t, identifier, '{"date": "%s+00:00", "id": "%s", "kilocalories": %s}' % (local.strftime("%Y-%m-%dT%H:%M:%S"), identifier, kcal_text)))
        meals.sort(key=lambda row: (row[0], row[1]))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "weights.json"), "w") as f:
        f.write('{\n  "entries": [\n    ' + ",\n    ".join(entries) + "\n  ],\n  \"goalKilograms\": 75,\n")
        if meals:
            f.write('  "intake": [\n    ' + ",\n    ".join(m[2] for m in meals) + "\n  ],\n")
        f.write('  "version": %d\n}\n' % (3 if meals else 1))


if __name__ == "__main__":
    main()
