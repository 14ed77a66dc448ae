#!/usr/bin/env python3
"""Draft a tile-set TOML file from rows of docs/reference/tile_topology.tsv.

A one-off authoring aid (the compiler never runs it): it turns the reference's
segment and field notation into the shape DSL, so a set author starts from the
published geometry and then checks it with `carcassonne validate`.

usage: tsv2toml.py TSV SET EDITIONS > tiles/SET.toml

EDITIONS is `1`, `2`, `1,2` or `-`. With several editions the rows of each are
merged: a tile in every edition with the same count is written once, a tile
whose count differs gets `count = { 1 = a, 2 = b }`, and a tile of one edition
only (the 2nd edition's garden variants) gets `edition = N`.

The reference's notation and what it becomes:
  city:N+W road:E                  city N W / road E
  x@SIDES (inn, cathedral, goods:wine, princess, no-castle, tunnel, wells:1)
                                   +inn, +goods=wine, +tunnel, +well ... on that segment
  pennant:N                        +pennant[=N] on the tile's city (see PENNANT_ON)
  cloister                         cloister
  inner-seam:E+S                   seam E S (an inner side of a start block)
  edges `*`, not-in-pack:1-per-player
                                   any N E S W, per_player = true
  flier:NW, corn-circle:city, wheel-icon:2, crown:storm
                                   tile +flier=NW / +crop-circle=city / +wheel=2 / +crown=storm
  mage-witch-trigger, robber-symbol, goldmine, ...
                                   tile +mage / +robber / +goldmine ...
  edge `X`, `F/X` (the Wheel's inside)
                                   seam on that side
  field halves |c=N+S |pig-herd    field ... > N S +pig-herd; I, II: field enclosed
Two features that cross (a bridge, the 4-city tiles) get `+bridge` on the
second one; `multi-edge:` and the start-block notes are left as comments.
"""
import re
import sys

SIDES = ["N", "E", "S", "W"]
HALVES = {"N": ["Nw", "Ne"], "E": ["En", "Es"], "S": ["Se", "Sw"], "W": ["Ws", "Wn"]}
RING = ["Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn"]

# Segment attributes: reference name -> DSL name (value kept when it has one).
SEG_ATTRS = {"wells": "well"}
# Tile markers: reference name -> DSL name.
TILE_ATTRS = {
    "mage-witch-trigger": "mage",
    "robber-symbol": "robber",
    "corn-circle": "crop-circle",
    "wheel-icon": "wheel",
}
# Notes that are not attributes.
SKIP = {"start-block", "wheel-interior", "edges=ANY"}
# The city that carries a tile-wide `pennant:1` when a tile has several
# (JCloisterZone's tile definitions name it).
PENNANT_ON = {
    "DG/CCc+.p": {"E", "S"},
    "AM/CCcc+": {"W", "E"},
    "AM/CCc+": {"N"},
    "TO/CccC+": {"N", "W", "E"},
}
# Which of two crossing features is written `+bridge` (or `+tunnel`).
BRIDGE_ON = {
    "AM/CCcc+": {"W", "E"},
    "KR/CCcc": {"W", "E"},
    "TB/RRrr": {"W", "E"},
}


def field_ports(halves):
    """Half-edges in ring order; a side whose two halves are both present is
    written as the side name."""
    out = []
    for s in SIDES:
        a, b = HALVES[s]
        if a in halves and b in halves:
            out.append(s)
        else:
            out += [h for h in (a, b) if h in halves]
    return out


def ring_mask(kind, sides):
    m = set()
    for s in sides:
        m.add(RING.index(s))
        if kind == "city":
            m.update(RING.index(h) for h in HALVES[s])
    return m


def interleave(a, b):
    seq = []
    for p in range(12):
        who = 0 if p in a else 1 if p in b else None
        if who is not None and (not seq or seq[-1] != who):
            seq.append(who)
    if len(seq) > 1 and seq[0] == seq[-1]:
        seq.pop()
    return len(seq) >= 4


def seam_sides(row):
    """Sides inside a start block: `inner-seam:` features and `X` edges."""
    out = set()
    for f in row["features"].split():
        if f.startswith("inner-seam:"):
            out.update(f.split(":", 1)[1].split("+"))
    for s in SIDES:
        if "X" in row[s].split("/"):
            out.add(s)
    return [s for s in SIDES if s in out]


def convert(row):
    segs = [] if row["segments"] == "-" else row["segments"].split()
    feats = [] if row["features"] == "-" else row["features"].split()
    lines, tile_marks, notes = [], [], []
    seg_attrs = {}
    pennant = None
    for f in feats:
        base = f.split("(")[0]
        if "@" in f and not base.startswith("road-end"):
            name, sides = f.split("@", 1)
            value = None
            if ":" in name:
                name, value = name.split(":", 1)
            name = SEG_ATTRS.get(name, name)
            if name == "well":
                value = None
            attr = name if value is None else f"{name}={value}"
            seg_attrs.setdefault(frozenset(sides.split("+")), []).append(attr)
        elif f.startswith("pennant:"):
            n = f.split(":")[1]
            pennant = "pennant" + ("" if n == "1" else "=" + n)
        elif f == "cloister":
            lines.append("cloister")
        elif base.startswith("inner-seam:") or base in SKIP or base.startswith("road-end"):
            continue
        elif base.startswith("not-in-pack"):
            continue
        elif base.startswith("multi-edge:"):
            notes.append(f"the reference notes `{f}`; not encoded")
        elif base.startswith("crown:"):
            sector = base.split(":", 1)[1]
            if sector == "?":
                sector = "taxes"
                notes.append("crown: the mod labels it plague, its position is in the taxes arc (docs/research)")
            mark = "crown=" + sector
            if mark not in tile_marks:
                tile_marks.append(mark)
        else:
            name, value = (base.split(":", 1) + [None])[:2]
            name = TILE_ATTRS.get(name, name)
            tile_marks.append(name if value is None else f"{name}={value}")
    pennant_done = pennant is None
    masks = []
    for s in segs:
        kind, sides = s.split(":")
        sides = sides.split("+")
        attrs = list(seg_attrs.get(frozenset(sides), []))
        if not pennant_done and kind == "city":
            want = PENNANT_ON.get(row["ref_id"])
            if want is None or set(sides) == want:
                attrs.append(pennant)
                pennant_done = True
        mask = ring_mask(kind, sides)
        crossing = any(interleave(mask, m) for m in masks)
        if crossing and not any(a == "tunnel" for a in attrs):
            if BRIDGE_ON.get(row["ref_id"], set(sides)) == set(sides):
                attrs.append("bridge")
            else:
                # The earlier one passes over.
                for i, l in enumerate(lines):
                    if l.startswith(("city", "road", "river")) and "+bridge" not in l:
                        lines[i] = l + " +bridge"
                        break
        masks.append(mask)
        ordered = [x for x in SIDES if x in sides]
        lines.append(" ".join([kind] + ordered + ["+" + a for a in attrs]))
    if row["fields"] != "-":
        for fld in row["fields"].split():
            parts = fld.split("|")
            halves = parts[0].split("+")
            borders, extra = [], []
            for p in parts[1:]:
                if p.startswith("c="):
                    borders = p[2:].split("+")
                else:
                    extra.append("+" + p)
            if halves in (["I"], ["II"]):
                ports = ["enclosed"]
            else:
                ports = field_ports(halves)
            line = "field " + " ".join(ports)
            if borders:
                line += " > " + " ".join(borders)
            if extra:
                line += " " + " ".join(extra)
            lines.append(line)
    seams = seam_sides(row)
    if seams:
        lines.append("seam " + " ".join(seams))
    if all(row[s] == "*" for s in SIDES):
        lines.append("any N E S W")
    field_marks = {p[1:] for l in lines if l.startswith("field") for p in l.split() if p.startswith("+")}
    marks = [m for m in tile_marks if m not in field_marks]
    if marks:
        lines.append("tile " + " ".join("+" + m for m in marks))
    return lines, notes


def key(row):
    return (row["N"], row["E"], row["S"], row["W"], row["segments"], row["fields"])


def main():
    tsv, set_id, editions = sys.argv[1], sys.argv[2], sys.argv[3]
    eds = ["-"] if editions == "-" else editions.split(",")
    rows = []
    with open(tsv) as fh:
        head = None
        for line in fh:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("```"):
                continue
            cells = line.split("\t")
            if head is None:
                if cells[0] == "set":
                    head = cells
                continue
            r = dict(zip(head, cells))
            if r.get("set") == set_id and r["edition"] in eds:
                rows.append(r)
    order, by_ref = [], {}
    for r in rows:
        if r["ref_id"] not in by_ref:
            by_ref[r["ref_id"]] = {}
            order.append(r["ref_id"])
        by_ref[r["ref_id"]][r["edition"]] = r
    # Put a variant of one edition right after the tile it stands in for.
    placed = []
    for ref in order:
        if ref in placed:
            continue
        placed.append(ref)
        rs = by_ref[ref]
        if len(eds) > 1 and set(rs) == {eds[0]}:
            for other in order:
                if other not in placed and set(by_ref[other]) == {eds[1]}:
                    o = by_ref[other][eds[1]]
                    r = rs[eds[0]]
                    if key(o) == key(r) or other.rstrip("G") == ref:
                        placed.append(other)
                        break
    for ref in placed:
        rs = by_ref[ref]
        r = next(iter(rs.values()))
        counts = {e: rs[e]["count"] for e in rs}
        print("[[tile]]")
        print(f'id = "{ref}"')
        if len(eds) > 1 and len(rs) < len(eds):
            print(f"edition = {next(iter(rs))}")
            print(f"count = {r['count']}")
        elif len(set(counts.values())) > 1:
            inner = ", ".join(f"{e} = {c}" for e, c in counts.items())
            print(f"count = {{ {inner} }}")
        else:
            print(f"count = {r['count'] if r['count'] != '0' else 1}")
        if any(r[s] == "*" for s in SIDES):
            print("per_player = true")
        lines, notes = convert(r)
        for n in notes:
            print(f"# {n}")
        print("shape = '''")
        for line in lines:
            print(line)
        print("'''")
        print()


if __name__ == "__main__":
    main()
