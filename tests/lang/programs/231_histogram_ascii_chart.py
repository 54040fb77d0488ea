# Exercises bucketing numeric data, vertical and horizontal ASCII bar charts, scaling with integer division and rounding.
DATA = [3.2, 7.8, 1.1, 9.9, 5.5, 5.0, 6.3, 2.2, 8.8, 4.4, 5.9, 6.1, 7.0, 3.3, 0.4, 9.1, 5.2, 4.8, 6.6, 5.5]


def histogram(values, lo, hi, bins):
    width = (hi - lo) / bins
    counts = [0] * bins
    for v in values:
        idx = min(int((v - lo) / width), bins - 1)
        counts[idx] += 1
    edges = [lo + i * width for i in range(bins + 1)]
    return counts, edges


counts, edges = histogram(DATA, 0, 10, 5)
print(counts, edges)
peak = max(counts)
for i, c in enumerate(counts):
    bar = "#" * (c * 30 // peak)
    print(f"[{edges[i]:>4.1f}, {edges[i + 1]:>4.1f}) {bar:<30} {c:>2} ({c / len(DATA):.0%})")
for level in range(peak, 0, -1):
    print(f"{level:>2} |" + "".join("  ##  " if c >= level else "      " for c in counts))
print("   +" + "-" * (6 * len(counts)))
print("    " + "".join(f"{e:^6.0f}" for e in edges[:-1]))
scaled = [round(v) for v in DATA]
print(scaled, {k: scaled.count(k) for k in sorted(set(scaled))})
