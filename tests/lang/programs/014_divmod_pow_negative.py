# Exercises divmod and pow with negative numbers, three-argument pow, and ** precedence.
for a, b in [(17, 5), (-17, 5), (17, -5), (-17, -5), (17.5, 5), (-17.5, 5)]:
    print("divmod", a, b, divmod(a, b))

print(pow(2, 10), pow(-2, 3), pow(-2, 4), pow(2, -1), pow(-2, -2))
print(pow(3, 4, 5), pow(-3, 3, 7), pow(7, 0, 13), pow(5, 117, 19))
print(2 ** -3, (-8) ** 2, -8 ** 2, 2 ** 3 ** 2, (2 ** 3) ** 2)
print(pow(2.5, 2), 4 ** 0.5, 27 ** (1 / 3), pow(10, -3))
print(0 ** 0, 0.0 ** 0, (-1) ** 1001, 1 ** -5)


def to_base(n, base):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = []
    while n:
        n, r = divmod(n, base)
        out.append(digits[r])
    return sign + "".join(reversed(out))


for n in (0, 255, -255, 1000, 123456789):
    print(n, to_base(n, 2), to_base(n, 7), to_base(n, 16), to_base(n, 36))


def mod_inverse(a, m):
    return pow(a, m - 2, m)


for a in (2, 3, 10):
    inv = mod_inverse(a, 101)
    print(a, inv, a * inv % 101)
seconds = 200_000
minutes, secs = divmod(seconds, 60)
hours, minutes = divmod(minutes, 60)
days, hours = divmod(hours, 24)
print(f"{days}d {hours:02}:{minutes:02}:{secs:02}")
