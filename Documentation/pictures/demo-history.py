#!/usr/bin/env python3
"""The README's demo history: four months of a person losing weight, as
CSVs that `trend import` reads: the weigh-ins (date, weight in kg, body
fat now and then), the last two months' food (a day's total, most days)
and a weekly tape. Deterministic: the same bytes every run.
Usage: demo-history.py [weights|intake|waist] > demo.csv
"""
import math
import random
import sys

what = sys.argv[1] if len(sys.argv) > 1 else "weights"
if what == "intake":
    rng = random.Random(4184)
    import datetime
    print("date,kcal")
    day = datetime.date(2026, 10, 1)
    while day <= datetime.date(2026, 11, 30):
        if rng.random() < 0.9:
            print("%s,%d" % (day.isoformat(), round(2050 + rng.gauss(0, 220) + (250 if day.weekday() == 5 else 0))))
        day += datetime.timedelta(days=1)
    sys.exit(0)
if what == "waist":
    rng = random.Random(254)
    import datetime
    print("date,Waist (cm)")
    for week in range(13):
        day = datetime.date(2026, 9, 6) + datetime.timedelta(days=7 * week)
        print("%sT07:30,%.1f" % (day.isoformat(), 94.6 - 0.33 * week + rng.gauss(0, 0.25)))
    sys.exit(0)

rng = random.Random(2026)
print("date,weight,fat")
weight = 84.6
day = 0
# 2026-08-04 to 2026-11-30, most mornings.
import datetime
start = datetime.date(2026, 8, 4)
while start + datetime.timedelta(days=day) <= datetime.date(2026, 11, 30):
    date = start + datetime.timedelta(days=day)
    weight -= 0.045 + 0.02 * math.sin(day / 9)
    if rng.random() < 0.86:
        noise = rng.gauss(0, 0.45) + (0.6 if date.weekday() == 0 else 0)
        fat = "%.1f" % (24.5 - day * 0.018 + rng.gauss(0, 0.3)) if date.weekday() in (2, 5) else ""
        minute = rng.randrange(0, 50)
        print("%sT07:%02d,%.1f,%s" % (date.isoformat(), minute, weight + noise, fat))
    day += 1
