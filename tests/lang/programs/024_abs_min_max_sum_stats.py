# Exercises abs, min, max, sum (with start), len and manual statistics over numeric data.
temps = [12.5, -3.0, 7.25, 19.0, -8.5, 0.0, 15.75]
print(len(temps), min(temps), max(temps), sum(temps), sum(temps, 100))
print(abs(-7), abs(7), abs(-2.5), abs(0), abs(-0.0), abs(True))
print(min(4, 2, 9), max(4, 2, 9), min("pear", "apple", "fig"), max([3, 1], [2, 9]))


def mean(xs):
    return sum(xs) / len(xs)


def median(xs):
    s = sorted(xs)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def variance(xs):
    m = mean(xs)
    return sum((x - m) ** 2 for x in xs) / len(xs)


def value_range(xs):
    return max(xs) - min(xs)


print(f"mean={mean(temps):.4f} median={median(temps)} var={variance(temps):.4f} range={value_range(temps)}")
print(median([3, 1, 2]), median([4, 1, 3, 2]), mean([1, 2, 3, 4]))
deviations = [abs(t - mean(temps)) for t in temps]
print([round(d, 3) for d in deviations])
closest = min(temps, key=lambda t: abs(t - 10))
print("closest to 10:", closest)
print(sum([[1], [2, 3]], []), sum(range(101)), sum(x * x for x in range(1, 11)))
print(sum([0.5, 0.25, 0.125]), sum([1, 2.0]), sum([]), max([0], default=None))
