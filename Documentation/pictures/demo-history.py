#!/usr/bin/env python3
"""The README's demo history: four months of a person losing weight, as a
CSV that `trend import` reads (date, weight in kg, body fat now and then).
Deterministic: the same bytes every run.
Usage: demo-history.py > demo.csv
"""
import math
import random

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
