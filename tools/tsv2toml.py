#!/usr/bin/env python3
"""Draft a tile-set TOML file from rows of shared/reference/tile_topology.tsv.

A one-off authoring aid (the compiler never runs it): it turns the reference's
segment and field notation into the shape DSL, so a set author starts from the
published geometry and then checks it with `carcassonne validate`.

usage: tsv2toml.py TSV SET EDITION > tiles/SET.toml
"""
import sys

SIDES = ["N", "E", "S", "W"]
HALVES = {"N": ["Nw", "Ne"], "E": ["En", "Es"], "S": ["Se", "Sw"], "W": ["Ws", "Wn"]}
ORDER = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"]


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


def convert(row):
    segs = [] if row["segments"] == "-" else row["segments"].split()
    feats = [] if row["features"] == "-" else row["features"].split()
    lines, tile_marks = [], []
    seg_attrs = {}
    for f in feats:
        if "@" in f:
            name, sides = f.split("@", 1)
            seg_attrs.setdefault(frozenset(sides.split("+")), []).append(name)
        elif f.startswith("pennant:"):
            seg_attrs.setdefault("pennant", []).append("pennant" + ("" if f == "pennant:1" else "=" + f.split(":")[1]))
        elif f == "cloister":
            lines.append("cloister")
        else:
            tile_marks.append(f)
    pennant_done = False
    for s in segs:
        kind, sides = s.split(":")
        sides = sides.split("+")
        attrs = list(seg_attrs.get(frozenset(sides), []))
        if kind == "city" and "pennant" in seg_attrs and not pennant_done:
            attrs += seg_attrs["pennant"]
            pennant_done = True
        ordered = [x for x in SIDES if x in sides]
        lines.insert(len(lines), " ".join([kind] + ordered + ["+" + a for a in attrs]))
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
    field_marks = {p[1:] for l in lines if l.startswith("field") for p in l.split() if p.startswith("+")}
    for m in tile_marks:
        if m not in field_marks:
            lines.append("tile +" + m)
    return lines


def main():
    tsv, set_id, edition = sys.argv[1], sys.argv[2], sys.argv[3]
    rows = []
    with open(tsv) as fh:
        head = fh.readline().rstrip("\n").split("\t")
        for line in fh:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            if r["set"] == set_id and r["edition"] in (edition, "-"):
                rows.append(r)
    for r in rows:
        tid = r["base_letter"] or r["ref_id"]
        print("[[tile]]")
        print(f'id = "{tid}"  # {r["ref_id"]}')
        print(f'count = {r["count"]}')
        print("shape = '''")
        for line in convert(r):
            print(line)
        print("'''")
        print()


if __name__ == "__main__":
    main()
