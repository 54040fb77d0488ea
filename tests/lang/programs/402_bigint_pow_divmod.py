# pow with and without a modulus on big ints (negative exponents give floats or modular inverses), divmod, and their error messages
print(pow(2, 200), pow(-2, 201), pow(3, 100, 2 ** 64 + 13), pow(2 ** 100, 2 ** 70, 10 ** 9 + 7))
print(pow(2 ** 80 + 1, -1, 2 ** 61 - 1), pow(3, -5, 2 ** 89 - 1), pow(5, 3, -(2 ** 70)))
print(pow(-7, 2 ** 65, 2 ** 64), pow(2 ** 70, 0, 5), pow(2 ** 70, 3, 1), pow(2 ** 70, 2, -1))
inv = pow(12345678901234567890, -1, 2 ** 127 - 1)
print(inv, inv * 12345678901234567890 % (2 ** 127 - 1))
print(2 ** -1, (2 ** 70) ** -1, (-2) ** -3, 10 ** -20, (2 ** 64) ** -2)
print(pow(2 ** 64, 2), pow(2 ** 64, 0.5), pow(2.0, 2 ** 6), (10 ** 20) ** 0.5)
print(divmod(2 ** 100, 3), divmod(-(2 ** 100), 3), divmod(2 ** 100, -3), divmod(-(2 ** 100), -(2 ** 50)))
print(divmod(7, 2 ** 70), divmod(-7, 2 ** 70), divmod(2 ** 70, 2 ** 70), divmod(2 ** 70 + 0.5, 2))
print(divmod(-9223372036854775807 - 1, -1), (2 ** 100).__divmod__(7), (7).__rdivmod__(2 ** 100))
print((2 ** 100).__pow__(2, 1000), (3).__rpow__(2 ** 70, 97), (2 ** 70).__mod__(1000))
for label, f in [
    ("mod zero", lambda: pow(2 ** 70, 2, 0)),
    ("not invertible", lambda: pow(2 ** 70, -1, 2 ** 64)),
    ("not invertible small", lambda: pow(4, -1, 8)),
    ("float mod", lambda: pow(2 ** 70, 2, 5.0)),
    ("zero neg pow", lambda: 0 ** -(2 ** 70)),
    ("div zero", lambda: 2 ** 70 // 0),
    ("mod zero2", lambda: 2 ** 70 % 0),
    ("divmod zero", lambda: divmod(2 ** 70, 0)),
    ("truediv zero", lambda: 2 ** 70 / 0),
    ("big truediv", lambda: 2 ** 2000 / 3),
    ("neg shift", lambda: (2 ** 70) << -1),
    ("neg rshift", lambda: 1 >> -(2 ** 70)),
]:
    try:
        print(label, f())
    except (ValueError, ZeroDivisionError, OverflowError, TypeError) as e:
        print(label, type(e).__name__, e)
