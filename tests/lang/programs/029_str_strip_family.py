# Exercises strip, lstrip and rstrip with default whitespace and explicit character sets.
samples = ["  padded  ", "\t\ntabs and newlines\n\t", "xxhixx", "...dots...", "", "   "]
for s in samples:
    print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip("x"), "xyhixy".strip("yx"), "...dots...".rstrip("."), "...dots...".lstrip("."))
print("www.example.com".strip("cmowz."), "0042".lstrip("0"), "1.5000".rstrip("0").rstrip("."))


def clean_record(raw):
    fields = [f.strip() for f in raw.strip().split("|")]
    name = fields[0].strip("*_ ")
    amount = fields[1].lstrip("$").replace(",", "")
    tags = [t.strip().lower() for t in fields[2].strip("[]").split(",") if t.strip()]
    return name, float(amount), tags


raw_rows = [
    "  **Widget**  | $1,250.50 | [ Tools, Metal ]  ",
    "_Gizmo_|$99|[]",
    "\tDoohickey | $0.75 | [misc,  , Small]\n",
]
for row in raw_rows:
    print(clean_record(row))
print(repr("\n\n".strip()), repr("a\r\n".rstrip("\r\n")), repr("  x y  ".strip(" ")))
