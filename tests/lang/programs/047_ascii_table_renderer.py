# Exercises column width computation, alignment by type, and drawing an ASCII table from dict rows.
ROWS = [
    {"planet": "Mercury", "moons": 0, "radius_km": 2439.7, "rings": False},
    {"planet": "Earth", "moons": 1, "radius_km": 6371.0, "rings": False},
    {"planet": "Jupiter", "moons": 95, "radius_km": 69911.0, "rings": True},
    {"planet": "Saturn", "moons": 146, "radius_km": 58232.0, "rings": True},
]


def fmt(value):
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.1f}"
    return str(value)


def render(rows):
    columns = list(rows[0].keys())
    cells = [[fmt(r[c]) for c in columns] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]
    sep = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    lines = [sep, "| " + " | ".join(c.center(w) for c, w in zip(columns, widths)) + " |", sep]
    for r, row in zip(rows, cells):
        parts = []
        for c, text, w in zip(columns, row, widths):
            numeric = isinstance(r[c], (int, float)) and not isinstance(r[c], bool)
            parts.append(text.rjust(w) if numeric else text.ljust(w))
        lines.append("| " + " | ".join(parts) + " |")
    lines.append(sep)
    return "\n".join(lines)


print(render(ROWS))
print(render(sorted(ROWS, key=lambda r: -r["moons"])[:2]))
total_moons = sum(r["moons"] for r in ROWS)
print(f"total moons: {total_moons}, ringed: {[r['planet'] for r in ROWS if r['rings']]}")
