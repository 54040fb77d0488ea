# Exercises f-string format specs: precision, width, alignment, fill, sign, e-notation, commas, hex.
items = [
    ("widget", 4, 3.5),
    ("gadget", 12, 10.125),
    ("doohickey", 150, 0.3333),
    ("thingamajig", 1, 1234567.891),
]

print(f"{'name':<12}|{'qty':>5}|{'price':>12}|{'total':>14}")
print(f"{'':-<12}+{'':->5}+{'':->12}+{'':->14}")
grand = 0.0
for name, qty, price in items:
    line_total = qty * price
    grand += line_total
    print(f"{name:<12}|{qty:>5}|{price:>12.2f}|{line_total:>14,.2f}")
print(f"{'TOTAL':>18}{grand:>26.3f}")

x = 3.14159265
n = 42
v = 12345.678
s = "mid"
print(f"{x:.3f} {n:>5} {v:e} {x:08.2f} {s:^10}|")
print(f"{n:,} {1234567:,} {n:x} {n:X} {n:o} {n:b} {n:#x} {n:#o} {n:#b}")
print(f"{n:05d} {-n:05d} {n:+d} {-n:+d} {n: d}")
print(f"{v:.2e} {v:E} {0.000123:.1e} {v:g} {0.00001234:g} {1e20:g}")
print(f"{s:*^11} {s:_<6} {s:>6} {s:.2}")
print(f"{0.5:.0%} {0.12345:.2%} {x:10.4f}| {x:<10.1f}|")
print(f"{255:08b} {255:#010x} {-255:x}")
print(f"{1234.5:,.1f} {-1234.5:>12,.2f}")
width = 8
prec = 2
print(f"{x:{width}.{prec}f}|{s:>{width}}|")
print(f"{True} {None} {n!s:>4} {[1, 2]}")
