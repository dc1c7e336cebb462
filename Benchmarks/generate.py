#!/usr/bin/env python3
"""Writes a realistic weights.json with N entries, in trend's canonical layout.

Histories run back from yesterday: one weigh-in a day with some days holding
two (up to 30 years; larger N puts more weigh-ins on each day), a slow drift
with daily noise, offsets of the places people live, 10% with notes.
Usage: generate.py N DATA_DIR [SEED]
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
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "weights.json"), "w") as f:
        f.write('{\n  "entries": [\n    ' + ",\n    ".join(entries) + "\n  ],\n  \"goalKilograms\": 75,\n  \"version\": 1\n}\n")


if __name__ == "__main__":
    main()
