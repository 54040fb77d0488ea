# Exercises format specs in a lab report: {v:e}, {v:.3e}, {n:x}, {n:#06x}, {s:^10}, {n:,}, {x:08.2f}, {p:.1%}, {n:>5}, {n:<+6}.
SAMPLES = [
    ("alpha", 0.000123456, 3, 1_234_567),
    ("beta", 98765.4321, 255, 42),
    ("gamma", 6.02214076e23, 4096, 987),
    ("delta", -1.5e-9, 0, 100_000_000),
]
print(f"{'name':^10}|{'value':^14}|{'sci':^12}|{'hex':^8}|{'count':^13}")
print(f"{'':-^10}+{'':-^14}+{'':-^12}+{'':-^8}+{'':-^13}")
for name, value, flags, count in SAMPLES:
    print(f"{name:^10}|{value:>14.4g}|{value:>12.3e}|{flags:>#8x}|{count:>13,}")
values = [v for _, v, _, _ in SAMPLES]
print(f"{values[1]:e} {values[0]:E} {values[3]:.2e} {values[2]:e}")
for n in (0, 9, 10, 255, 4095, 65535):
    print(f"{n:>5} {n:x} {n:X} {n:#06x} {n:o} {n:b} {n:<+6}|{n:^7}|")
readings = [3.14159, 2.5, 100.0, 0.005, -7.25]
print(" ".join(f"{x:08.2f}" for x in readings))
print(" ".join(f"{x:+.1e}" for x in readings))
ratios = [0.5, 0.125, 1.0, 0.33333, 2.5]
print(" ".join(f"{p:.1%}" for p in ratios), f"{1234567.891:,.2f}", f"{-9876543:,}")
title = "summary"
print(f"[{title:^20}]", f"[{title:*^20}]", f"[{title:>20}]", f"[{title:<20}]")
