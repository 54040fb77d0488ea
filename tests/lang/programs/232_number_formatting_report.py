# Exercises numeric formatting in a financial report: thousands separators, signs, percentages, alignment, scientific.
ACCOUNTS = [
    ("Revenue", 1_254_300.456, 0.1234),
    ("Cost of goods", -734_120.5, -0.052),
    ("Marketing", -95_000, 0.3),
    ("R&D", -210_999.999, 0.0),
    ("Interest", 1_234.5, -1.0),
]
print(f"{'Account':<15}{'Amount':>16}{'Change':>10}{'Sci':>12}")
print("=" * 53)
net = 0
for name, amount, change in ACCOUNTS:
    net += amount
    print(f"{name:<15}{amount:>16,.2f}{change:>+10.1%}{amount:>12.2e}")
print("-" * 53)
print(f"{'Net':<15}{net:>16,.2f}")
print(f"{net:_.0f} {net:+,.0f} {abs(net):=+16,.1f} {-net:=16.1f}")
for n in [0, 7, -7, 1234567, -0.5, 0.125, 2.5e15, 12345.6789]:
    print(f"{n!r:>12}: d/g={n:g} e={n:.3e} f={n:,.2f} pct={n:.1%} w={n:010.3f}")
print(format(1234567.891, ",.1f"), format(0.000012345, ".3g"), format(123456789, ".2e"), format(-42, "+05d"))
print(f"{255:#06x} {255:#b} {8:o} {1_000_000:_d} {3.0:.0f} {2.5:.0f} {3.5:.0f} {-2.5:.0f}")
