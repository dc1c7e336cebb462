#!/usr/bin/env python3
"""The Python peer for Apple Health: a regular expression over mmap, as a
careful scripter would write it. Prints the number of body-mass records."""
import mmap, re, sys
pattern = re.compile(rb'<Record type="HKQuantityTypeIdentifierBodyMass"[^>]*?unit="([^"]*)"[^>]*?startDate="([^"]*)"[^>]*?value="([^"]*)"')
with open(sys.argv[1], "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
    print(sum(1 for _ in pattern.finditer(m)))
