# Exercises float literal forms (.5, 5., exponents, underscores) and their printed reprs.
values = [
    1.5,
    .5,
    5.,
    1e10,
    1E-3,
    3.14e+2,
    1_000.000_1,
    2.5e-7,
    0.0,
    1e0,
    123456789.125,
    6.02e23,
]
for v in values:
    print(repr(v), str(v), type(v).__name__)

print(1e16, 1e15, 123456789012345678.0)
print(1e-4, 1e-5, 0.0001, 0.00001)
print(1.5e300, 1.5e300 * 1.5e300, -1.5e300 * 1e10)
print(0.1 + 0.2, 0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-9)
print(1 / 3, 2 / 3, 10 / 4, 7 / 7)
print(100.0, 1e2, 1e22, 1e23)
print(-0.0, 0.0 == -0.0, str(-0.0))
print(float("inf"), float("-inf"), float("nan"))
print(3.0 * 1.1, 1.1 + 2.2, 0.7 * 3)
print(2 ** 0.5, 10 ** -2, 2.0 ** 10)
print(float(7), float("  -3.25 "), float("1e3"), float("1_5.5"))
total = 0.0
for _ in range(10):
    total += 0.1
print(total, round(total, 10))
