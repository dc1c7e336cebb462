#!/usr/bin/env python3
"""Writes the subsets of DejaVu Sans the PNG charts set their text in (SPEC §17).

Usage: subset.py [FONT_DIR]   (default /usr/share/fonts/truetype/dejavu, Debian's fonts-dejavu-core)

Keeps the glyphs of the characters below (and the glyphs they are built
from), their advance widths and kerning pairs, and the copyright and licence
names; drops hinting, OpenType layout and glyph names. Writes
DejaVuSans-trend.ttf and DejaVuSans-Bold-trend.ttf beside this script and
FontData.swift (the same bytes, base64) one level up. The glyphs are DejaVu's,
unchanged; the licence is LICENSE-DejaVu.txt.
"""
import base64
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# What chart labels can hold: ASCII, Latin-1, and the typographic marks trend writes.
CHARACTERS = sorted(
    set(range(0x20, 0x7F)) | set(range(0xA0, 0x100))
    | {0x2009, 0x2011, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x202F,
       0x2190, 0x2191, 0x2192, 0x2193, 0x2212, 0x2248, 0x2264, 0x2265, 0xFFFD})


def tables(data):
    count = struct.unpack(">H", data[4:6])[0]
    result = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        result[tag.decode("latin-1")] = data[offset:offset + length]
    return result


def cmap_lookup(cmap):
    """Character → glyph from the Windows Unicode BMP subtable (format 4)."""
    count = struct.unpack(">H", cmap[2:4])[0]
    for i in range(count):
        platform, encoding, offset = struct.unpack(">HHI", cmap[4 + 8 * i:12 + 8 * i])
        if platform == 3 and encoding == 1:
            sub = cmap[offset:]
            assert struct.unpack(">H", sub[0:2])[0] == 4
            segments = struct.unpack(">H", sub[6:8])[0] // 2
            ends = struct.unpack(">%dH" % segments, sub[14:14 + 2 * segments])
            starts_at = 16 + 2 * segments
            starts = struct.unpack(">%dH" % segments, sub[starts_at:starts_at + 2 * segments])
            deltas = struct.unpack(">%dh" % segments, sub[starts_at + 2 * segments:starts_at + 4 * segments])
            ranges_at = starts_at + 4 * segments
            ranges = struct.unpack(">%dH" % segments, sub[ranges_at:ranges_at + 2 * segments])
            mapping = {}
            for s in range(segments):
                for c in range(starts[s], ends[s] + 1):
                    if c == 0xFFFF:
                        continue
                    if ranges[s] == 0:
                        glyph = (c + deltas[s]) & 0xFFFF
                    else:
                        at = ranges_at + 2 * s + ranges[s] + 2 * (c - starts[s])
                        glyph = struct.unpack(">H", sub[at:at + 2])[0]
                        if glyph:
                            glyph = (glyph + deltas[s]) & 0xFFFF
                    if glyph:
                        mapping[c] = glyph
            return mapping
    raise SystemExit("no Unicode BMP cmap")


def glyph_data(t, index):
    long = struct.unpack(">h", t["head"][50:52])[0] == 1
    loca = t["loca"]
    if long:
        start, end = struct.unpack(">II", loca[4 * index:4 * index + 8])
    else:
        start, end = (2 * v for v in struct.unpack(">HH", loca[2 * index:2 * index + 4]))
    return t["glyf"][start:end]


def components(data):
    """The glyphs a composite glyph is built from, with where each index sits."""
    if len(data) < 10 or struct.unpack(">h", data[0:2])[0] >= 0:
        return []
    found = []
    at = 10
    while True:
        flags, glyph = struct.unpack(">HH", data[at:at + 4])
        found.append((at + 2, glyph))
        at += 4 + (4 if flags & 0x0001 else 2)
        if flags & 0x0008:
            at += 2
        elif flags & 0x0040:
            at += 4
        elif flags & 0x0080:
            at += 8
        if not flags & 0x0020:
            return found


def without_instructions(data):
    """The glyph with its hinting program removed."""
    if not data:
        return data
    contours = struct.unpack(">h", data[0:2])[0]
    if contours >= 0:
        at = 10 + 2 * contours
        length = struct.unpack(">H", data[at:at + 2])[0]
        data = data[:at] + b"\0\0" + data[at + 2 + length:]
        # Cut the original's padding: the flags and coordinates say where the glyph ends.
        points = struct.unpack(">H", data[at - 2:at])[0] + 1 if contours else 0
        at += 2
        flags = []
        while len(flags) < points:
            flag = data[at]
            at += 1
            repeat = 0
            if flag & 0x08:
                repeat = data[at]
                at += 1
            flags += [flag] * (1 + repeat)
        for short, same in ((0x02, 0x10), (0x04, 0x20)):
            at += sum(1 if f & short else 0 if f & same else 2 for f in flags[:points])
        return data[:at]
    # Composite: clear WE_HAVE_INSTRUCTIONS on the last component and cut the program.
    out = bytearray(data)
    at = 10
    while True:
        flags = struct.unpack(">H", out[at:at + 2])[0]
        size = 4 + (4 if flags & 0x0001 else 2) + (2 if flags & 0x0008 else 4 if flags & 0x0040 else 8 if flags & 0x0080 else 0)
        if not flags & 0x0020:
            struct.pack_into(">H", out, at, flags & ~0x0100)
            return bytes(out[:at + size])
        at += size


def checksum(data):
    data += b"\0" * (-len(data) % 4)
    return sum(struct.unpack(">%dI" % (len(data) // 4), data)) & 0xFFFFFFFF


def name_table(name):
    """The original's copyright, names, version and licence records (Windows, English)."""
    count, string_offset = struct.unpack(">HH", name[2:6])
    keep = []
    for i in range(count):
        platform, encoding, language, name_id, length, offset = struct.unpack(">6H", name[6 + 12 * i:18 + 12 * i])
        if platform == 3 and encoding == 1 and language == 0x409 and name_id in (0, 1, 2, 3, 4, 5, 6, 13, 14):
            text = name[string_offset + offset:string_offset + offset + length]
            if name_id in (1, 3, 4, 6):
                # A subset is a modified font: it says so in its names (the licence allows any name without "Bitstream" or "Vera").
                suffix = " trend subset" if name_id != 6 else "-trendsubset"
                text = (text.decode("utf-16-be") + suffix).encode("utf-16-be")
            keep.append((platform, encoding, language, name_id, text))
    strings = b""
    records = b""
    for platform, encoding, language, name_id, text in keep:
        records += struct.pack(">6H", platform, encoding, language, name_id, len(text), len(strings))
        strings += text
    return struct.pack(">3H", 0, len(keep), 6 + 12 * len(keep)) + records + strings


def cmap_table(mapping):
    """A format 4 subtable for the Windows Unicode BMP encoding."""
    characters = sorted(mapping)
    segments = []
    for c in characters:
        if segments and c == segments[-1][1] + 1 and mapping[c] == mapping[segments[-1][1]] + 1:
            segments[-1][1] = c
        else:
            segments.append([c, c])
    segments.append([0xFFFF, 0xFFFF])
    n = len(segments)
    search = 2 ** (n.bit_length() - 1)
    ends = b"".join(struct.pack(">H", e) for _, e in segments)
    starts = b"".join(struct.pack(">H", s) for s, _ in segments)
    deltas = b"".join(struct.pack(">h", ((mapping[s] - s + 0x8000) & 0xFFFF) - 0x8000 if s != 0xFFFF else 1) for s, _ in segments)
    ranges = b"\0\0" * n
    body = struct.pack(">4H", 2 * n, 2 * search, search.bit_length() - 1, 2 * n - 2 * search) + ends + b"\0\0" + starts + deltas + ranges
    sub = struct.pack(">3H", 4, 6 + len(body), 0) + body
    return struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub


def kern_table(kern, old_to_new):
    version, count = struct.unpack(">HH", kern[0:4])
    assert version == 0
    pairs = []
    at = 4
    for _ in range(count):
        _, length, coverage = struct.unpack(">HHH", kern[at:at + 6])
        if coverage >> 8 == 0 and coverage & 1:
            n = struct.unpack(">H", kern[at + 6:at + 8])[0]
            for i in range(n):
                left, right, value = struct.unpack(">HHh", kern[at + 14 + 6 * i:at + 20 + 6 * i])
                if left in old_to_new and right in old_to_new:
                    pairs.append((old_to_new[left], old_to_new[right], value))
        at += length
    pairs.sort()
    n = len(pairs)
    search = 2 ** (max(1, n).bit_length() - 1)
    body = struct.pack(">4H", n, 6 * search, search.bit_length() - 1, 6 * n - 6 * search)
    body += b"".join(struct.pack(">HHh", *p) for p in pairs)
    return struct.pack(">HH", 0, 1) + struct.pack(">HHH", 0, 6 + len(body), 0x0001) + body


def subset(path):
    data = open(path, "rb").read()
    t = tables(data)
    mapping = {c: g for c, g in cmap_lookup(t["cmap"]).items() if c in CHARACTERS}
    wanted = {0} | set(mapping.values())
    pending = list(wanted)
    while pending:
        for _, component in components(glyph_data(t, pending.pop())):
            if component not in wanted:
                wanted.add(component)
                pending.append(component)
    order = sorted(wanted)
    old_to_new = {old: new for new, old in enumerate(order)}
    glyf = b""
    loca = []
    for old in order:
        glyph = bytearray(without_instructions(glyph_data(t, old)))
        for at, component in components(bytes(glyph)):
            struct.pack_into(">H", glyph, at, old_to_new[component])
        loca.append(len(glyf))
        glyf += bytes(glyph) + b"\0" * (-len(glyph) % 4)
    loca.append(len(glyf))
    number_of_metrics = struct.unpack(">H", t["hhea"][34:36])[0]
    hmtx = b""
    for old in order:
        at = 4 * min(old, number_of_metrics - 1)
        advance = struct.unpack(">H", t["hmtx"][at:at + 2])[0]
        if old < number_of_metrics:
            bearing = struct.unpack(">h", t["hmtx"][at + 2:at + 4])[0]
        else:
            extra = 4 * number_of_metrics + 2 * (old - number_of_metrics)
            bearing = struct.unpack(">h", t["hmtx"][extra:extra + 2])[0]
        hmtx += struct.pack(">Hh", advance, bearing)
    head = bytearray(t["head"])
    struct.pack_into(">I", head, 8, 0)  # checkSumAdjustment, set below
    struct.pack_into(">h", head, 50, 1)  # long loca offsets
    hhea = bytearray(t["hhea"])
    struct.pack_into(">H", hhea, 34, len(order))
    maxp = bytearray(t["maxp"])
    struct.pack_into(">H", maxp, 4, len(order))
    post = bytearray(t["post"][:32])
    struct.pack_into(">I", post, 0, 0x00030000)
    out_tables = {
        "OS/2": t["OS/2"], "cmap": cmap_table({c: old_to_new[g] for c, g in mapping.items()}), "glyf": glyf,
        "head": bytes(head), "hhea": bytes(hhea), "hmtx": hmtx, "kern": kern_table(t["kern"], old_to_new),
        "loca": b"".join(struct.pack(">I", v) for v in loca), "maxp": bytes(maxp), "name": name_table(t["name"]), "post": bytes(post),
    }
    tags = sorted(out_tables)
    n = len(tags)
    search = 2 ** (n.bit_length() - 1)
    header = struct.pack(">IHHHH", 0x00010000, n, 16 * search, search.bit_length() - 1, 16 * n - 16 * search)
    offset = 12 + 16 * n
    directory = b""
    body = b""
    for tag in tags:
        table = out_tables[tag]
        directory += struct.pack(">4sIII", tag.encode("latin-1"), checksum(table), offset + len(body), len(table))
        body += table + b"\0" * (-len(table) % 4)
    font = bytearray(header + directory + body)
    head_at = offset + sum(len(out_tables[x]) + (-len(out_tables[x]) % 4) for x in tags[:tags.index("head")])
    struct.pack_into(">I", font, head_at + 8, (0xB1B0AFBA - checksum(bytes(font))) & 0xFFFFFFFF)
    return bytes(font), len(order)


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu"
    swift = [
        "// Generated by Sources/TrendPresentation/Fonts/subset.py from DejaVu Sans",
        "// (Bitstream Vera licence, see Fonts/LICENSE-DejaVu.txt): do not edit.",
        "// A test checks these bytes are the .ttf files beside the script.",
        "",
        "/// The chart fonts' bytes: built in, so a PNG needs no file at run time.",
        "enum FontData {",
    ]
    for name, variable in (("DejaVuSans", "regular"), ("DejaVuSans-Bold", "bold")):
        font, glyphs = subset(os.path.join(source, name + ".ttf"))
        with open(os.path.join(HERE, name + "-trend.ttf"), "wb") as f:
            f.write(font)
        print(f"{name}-trend.ttf: {glyphs} glyphs, {len(font)} bytes", file=sys.stderr)
        text = base64.b64encode(font).decode("ascii")
        lines = [text[i:i + 116] for i in range(0, len(text), 116)]
        swift.append(f"    static let {variable} = \"\"\"")
        swift += ["        " + line + "\\" for line in lines[:-1]]
        swift.append("        " + lines[-1])
        swift.append("        \"\"\"")
    swift.append("}")
    with open(os.path.join(HERE, "..", "Charts", "FontData.swift"), "w") as f:
        f.write("\n".join(swift) + "\n")


if __name__ == "__main__":
    main()
