#!/usr/bin/env python3
"""Counts the pixels of a PNG screenshot near given colours, inside a box.
Usage: png_colours.py FILE.png X0 Y0 X1 Y1 RRGGBB [RRGGBB ...]
Prints: width height nonwhite count1 count2 ...   (standard library only)"""
import struct, sys, zlib

def decode(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, chunks, width = 8, [], 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "8-bit RGB(A) only"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows

width, height, channels, rows = decode(sys.argv[1])
x0, y0, x1, y1 = (int(v) for v in sys.argv[2:6])
targets = [tuple(int(h[i:i + 2], 16) for i in (0, 2, 4)) for h in sys.argv[6:]]
counts, nonwhite = [0] * len(targets), 0
for y in range(max(0, y0), min(height, y1)):
    row = rows[y]
    for x in range(max(0, x0), min(width, x1)):
        r, g, b = row[x * channels:x * channels + 3]
        if r < 235 or g < 235 or b < 235: nonwhite += 1
        for k, (tr, tg, tb) in enumerate(targets):
            if abs(r - tr) + abs(g - tg) + abs(b - tb) < 60: counts[k] += 1
print(width, height, nonwhite, *counts)
