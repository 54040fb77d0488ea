# Exercises calendar arithmetic without datetime: leap years, day-of-year, ordinal day counts, weekdays, adding days.
DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def month_days(y, m):
    return 29 if m == 2 and is_leap(y) else DAYS[m - 1]


def to_ordinal(y, m, d):
    y1 = y - 1
    days = y1 * 365 + y1 // 4 - y1 // 100 + y1 // 400
    days += sum(month_days(y, mm) for mm in range(1, m))
    return days + d


def from_ordinal(n):
    y = n // 366 + 1
    while to_ordinal(y + 1, 1, 1) <= n:
        y += 1
    m = 1
    while to_ordinal(y, m, month_days(y, m)) < n:
        m += 1
    return y, m, n - to_ordinal(y, m, 1) + 1


def weekday(y, m, d):
    return WEEKDAYS[(to_ordinal(y, m, d) - 1) % 7]


def fmt(date):
    return "%04d-%02d-%02d" % date


dates = [(2024, 2, 29), (2000, 1, 1), (1969, 7, 20), (2023, 12, 31), (1900, 3, 1)]
for dt in dates:
    print(fmt(dt), weekday(*dt), "day-of-year", to_ordinal(*dt) - to_ordinal(dt[0], 1, 1) + 1)
print(to_ordinal(2024, 12, 25) - to_ordinal(2024, 1, 1), "days from new year to christmas 2024")
for start, delta in [((2024, 2, 28), 1), ((2024, 2, 28), 2), ((2023, 12, 31), 1), ((2024, 1, 31), 30), ((2000, 3, 1), -1)]:
    print(fmt(start), f"{delta:+d}", "->", fmt(from_ordinal(to_ordinal(*start) + delta)))
print([y for y in range(1896, 1912) if is_leap(y)], [month_days(2023, m) for m in (2, 4, 12)])
friday13 = [(y, m) for y in range(2024, 2026) for m in range(1, 13) if weekday(y, m, 13) == "Fri"]
print(friday13)
