# Exercises integer and float floor division and modulo with negative operands.
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (6, 3), (-6, 3), (1, 5), (-1, 5)]
print(f"{'a':>4} {'b':>4} {'a//b':>6} {'a%b':>5} {'check':>6}")
for a, b in pairs:
    q = a // b
    r = a % b
    print(f"{a:>4} {b:>4} {q:>6} {r:>5} {str(q * b + r == a):>6}")

for a, b in [(7.5, 2), (-7.5, 2), (7.5, -2), (-0.5, 1), (5.0, 0.75)]:
    print(a, b, a // b, a % b)


def clock_add(hour, delta):
    return (hour + delta) % 12 or 12


for delta in (-25, -13, -1, 0, 5, 11, 30):
    print("9 o'clock", f"{delta:+d}", "->", clock_add(9, delta))


def weekday_of(offset):
    days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return days[offset % 7]


print([weekday_of(o) for o in range(-8, 9, 4)])
print(-17 // 5 * 5 + -17 % 5, int(-17 / 5), -(17 // 5))
print(-3 % 10, 3 % -10, -3.0 % 10, divmod(-3, 10))
print(10 // 3, 10 / 3, -10 // 3, -10 / 3)
