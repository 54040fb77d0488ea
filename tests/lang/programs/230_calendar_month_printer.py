# Exercises Zeller's congruence and printing month calendars with str.center/rjust and list chunking.
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def day_of_week(y, m, d):
    if m < 3:
        m += 12
        y -= 1
    k, j = y % 100, y // 100
    h = (d + 13 * (m + 1) // 5 + k + k // 4 + j // 4 + 5 * j) % 7
    return (h + 5) % 7


def days_in(y, m):
    if m == 2:
        return 29 if y % 4 == 0 and (y % 100 or y % 400 == 0) else 28
    return 30 if m in (4, 6, 9, 11) else 31


def month_calendar(y, m):
    lines = [f"{MONTHS[m - 1]} {y}".center(20), "Mo Tu We Th Fr Sa Su"]
    first = day_of_week(y, m, 1)
    cells = ["  "] * first + [f"{d:>2}" for d in range(1, days_in(y, m) + 1)]
    for i in range(0, len(cells), 7):
        lines.append(" ".join(cells[i:i + 7]))
    return lines


for y, m in [(2024, 2), (2023, 10), (2000, 1)]:
    print("\n".join(month_calendar(y, m)))
    print()
names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
print([names[day_of_week(y, 1, 1)] for y in range(2020, 2027)])
print(sum(1 for y in range(1901, 2001) for m in range(1, 13) if day_of_week(y, m, 1) == 6))
