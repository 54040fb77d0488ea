# Exercises a unit conversion engine: nested dicts of factors, affine temperature conversions, errors and a table.
LENGTH = {"m": 1.0, "km": 1000.0, "cm": 0.01, "mm": 0.001, "in": 0.0254, "ft": 0.3048, "mi": 1609.344}
MASS = {"kg": 1.0, "g": 0.001, "lb": 0.45359237, "oz": 0.028349523125}
CATEGORIES = {"length": LENGTH, "mass": MASS}


def category_of(unit):
    for name, table in CATEGORIES.items():
        if unit in table:
            return name
    if unit in ("C", "F", "K"):
        return "temperature"
    raise KeyError(f"unknown unit {unit!r}")


def convert_temperature(value, src, dst):
    kelvin = {"C": value + 273.15, "F": (value - 32) * 5 / 9 + 273.15, "K": value}[src]
    return {"C": kelvin - 273.15, "F": (kelvin - 273.15) * 9 / 5 + 32, "K": kelvin}[dst]


def convert(value, src, dst):
    cat_src, cat_dst = category_of(src), category_of(dst)
    if cat_src != cat_dst:
        raise ValueError(f"cannot convert {cat_src} to {cat_dst}")
    if cat_src == "temperature":
        return convert_temperature(value, src, dst)
    table = CATEGORIES[cat_src]
    return value * table[src] / table[dst]


requests = [(5, "km", "mi"), (12, "in", "cm"), (180, "lb", "kg"), (100, "C", "F"), (-40, "F", "C"),
            (0, "K", "C"), (3, "kg", "m"), (1, "ly", "m"), (16, "oz", "lb"), (6, "ft", "m")]
for value, src, dst in requests:
    try:
        result = convert(value, src, dst)
        print(f"{value:>6} {src:<3}= {result:>12.4f} {dst:<3} ({result:.3g})")
    except (KeyError, ValueError) as exc:
        print(f"{value:>6} {src:<3}-> error: {exc}")
units = ["mm", "cm", "in", "ft", "m"]
print("      " + "".join(f"{u:>10}" for u in units))
for a in units:
    print(f"{a:>6}" + "".join(f"{convert(1, a, b):>10.4g}" for b in units))
