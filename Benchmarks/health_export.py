#!/usr/bin/env python3
"""Writes an Apple Health export.xml in the real layout: the DOCTYPE with
ATTLIST lines, ~1.5 million records of other kinds and a few thousand
body-mass records among them. Usage: health_export.py OUT.xml [MEGABYTES]"""
import random, sys

out, megabytes = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 300
rng = random.Random(1)
head = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 13 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-11-30 08:00:00 +0100"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>
"""
kinds = [("HKQuantityTypeIdentifierStepCount", "count"), ("HKQuantityTypeIdentifierHeartRate", "count/min"),
         ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"), ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km"),
         ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal")]
target = megabytes * 1_000_000
with open(out, "w") as f:
    f.write(head)
    size, n, day = len(head), 0, 0
    while size < target:
        n += 1
        if n % 500 == 0:
            day += 1
            y, m, d = 2016 + day // 360, day // 30 % 12 + 1, day % 28 + 1
            line = (f' <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" sourceVersion="6.1" unit="kg" '
                    f'creationDate="{y}-{m:02d}-{d:02d} 07:31:00 +0100" startDate="{y}-{m:02d}-{d:02d} 07:30:00 +0100" '
                    f'endDate="{y}-{m:02d}-{d:02d} 07:30:00 +0100" value="{80 + rng.random() * 5:.1f}"/>\n')
        else:
            kind, unit = kinds[n % len(kinds)]
            line = (f' <Record type="{kind}" sourceName="Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x2822&gt;&gt;" unit="{unit}" '
                    f'creationDate="2020-01-01 10:00:00 +0100" startDate="2020-01-01 09:50:00 +0100" endDate="2020-01-01 09:59:00 +0100" value="{rng.randint(1, 200)}"/>\n')
            if n % 7 == 0:
                line = line[:-3] + '>\n  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n </Record>\n'
        f.write(line)
        size += len(line)
    f.write("</HealthData>\n")
