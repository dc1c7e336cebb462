#!/usr/bin/env python3
"""A weights.json of YEARS of one person (SPEC §20's ten-year history): a
weigh-in every morning, three meals a day, a weekly tape (waist and hips),
ending yesterday, in trend's canonical layout. Deterministic but for the
end day. Usage: generate_years.py YEARS DATA_DIR
"""
import datetime
import os
import random
import sys
import uuid


def main():
    years, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(10)
    end = datetime.datetime.now(datetime.timezone.utc).replace(hour=7, minute=0, second=0, microsecond=0) - datetime.timedelta(days=1)
    days = 365 * years
    start = end - datetime.timedelta(days=days - 1)

    def iso(t):
        return t.strftime("%Y-%m-%dT%H:%M:%S") + "+00:00"

    def uid():
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))

    entries, intake, tape = [], [], []
    weight = 92.0
    for d in range(days):
        day = start + datetime.timedelta(days=d)
        weight = min(max(weight + rng.gauss(-0.002, 0.05), 55), 140)
        at = day + datetime.timedelta(minutes=rng.randrange(60))
        entries.append((at, '{"date": "%s", "id": "%s", "kilograms": %s}' % (iso(at), uid(), round(weight + rng.gauss(0, 0.5), 1))))
        for hour in (1, 6, 12):
            meal = day + datetime.timedelta(hours=hour, minutes=rng.randrange(60))
            intake.append((meal, '{"date": "%s", "id": "%s", "kilocalories": %d}' % (iso(meal), uid(), rng.randrange(300, 1000))))
        if d % 7 == 0:
            for name, cm in (("hips", 104), ("waist", 95)):
                tape.append((at, name, '{"centimetres": %s, "date": "%s", "id": "%s", "name": "%s"}' % (round(cm + rng.gauss(0, 0.5), 1), iso(at), uid(), name)))
    tape.sort(key=lambda t: (t[0], t[2][t[2].index('"id"'):]))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "weights.json"), "w") as f:
        f.write('{\n  "entries": [\n    ' + ",\n    ".join(e for _, e in entries) + '\n  ],\n  "goalKilograms": 75,\n')
        f.write('  "intake": [\n    ' + ",\n    ".join(e for _, e in intake) + "\n  ],\n")
        f.write('  "measurements": [\n    ' + ",\n    ".join(e for _, _, e in tape) + "\n  ],\n")
        f.write('  "version": 3\n}\n')


if __name__ == "__main__":
    main()
