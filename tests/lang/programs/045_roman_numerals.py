# Exercises Roman numeral conversion both ways using tuple lists, divmod, dict lookups and validation.
PAIRS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
         (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def to_roman(n):
    if not 0 < n < 4000:
        raise ValueError(f"out of range: {n}")
    out = []
    for value, symbol in PAIRS:
        count, n = divmod(n, value)
        out.append(symbol * count)
    return "".join(out)


def from_roman(s):
    total = 0
    for i, ch in enumerate(s):
        v = VALUES[ch]
        if i + 1 < len(s) and VALUES[s[i + 1]] > v:
            total -= v
        else:
            total += v
    if to_roman(total) != s:
        raise ValueError(f"non-canonical numeral: {s}")
    return total


for n in (1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999):
    r = to_roman(n)
    print(f"{n:>5} {r:<12} {from_roman(r)}")
for bad in ("IIII", "VX", "MMMM", 0, 4000):
    try:
        print(from_roman(bad) if isinstance(bad, str) else to_roman(bad))
    except ValueError as exc:
        print("error:", exc)
print(sum(from_roman(to_roman(n)) == n for n in range(1, 4000)))
print(max(range(1, 4000), key=lambda n: (len(to_roman(n)), -n)), to_roman(3888))
