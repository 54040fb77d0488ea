# Exercises CPython's shortest float repr: 0.1+0.2, 1e16, 1e-05, 1.5e300, -0.0, inf, nan, thresholds.
cases = [
    0.1 + 0.2,
    1e16,
    1e15,
    9999999999999998.0,
    1e-05,
    0.0001,
    1.5e300,
    -0.0,
    float("inf"),
    -float("inf"),
    float("nan"),
    1 / 3,
    2 / 3,
    100.0 / 3,
    5e-324,
    1.7976931348623157e308,
    123456789.0 * 10,
    0.1 * 3,
    1.1 * 1.1,
    3.0,
    -2.5e-8,
    12345678901234567890.0,
]
for c in cases:
    print(repr(c), str(c), f"{c}")

inf = float("inf")
nan = float("nan")
print(inf > 1e308, -inf < -1e308, inf == inf, nan == nan, nan != nan)
print(inf + 1, inf - inf, inf * 0, -inf * -1)
print(0.0 == -0.0, str(0.0 * -1), -0.0 + 0.0, abs(-0.0))
print(float("1e500"), float("-1e500"), 1e308 * 10)
print([x / 10 for x in range(0, 11, 3)])
print(sum([0.1] * 10), 0.1 * 10, 1.0 - 0.9)
print(2.0 ** 53, 2.0 ** 53 + 1, float(2 ** 53 + 1))
print(int(1e16), int(-2.9), int(2.9), float(10 ** 15))
