# Ints beyond 64 bits: literals, + - * // % ** on big and small operands, promotion on overflow and normalization back to small ints
a = 123456789012345678901234567890
b = 0xFFFFFFFFFFFFFFFFFFFFFFFF
c = 0o7777777777777777777777777
d = 0b1111111111111111111111111111111111111111111111111111111111111111111
e = 1_000_000_000_000_000_000_000
print(a, b, c, d, e)
print(type(a), type(a) is int, isinstance(b, int))
print(-9223372036854775808, type(-9223372036854775808))
print(9223372036854775807 + 1, -9223372036854775808 - 1)
print(9223372036854775807 * 9223372036854775807)
print(-(-9223372036854775807 - 1), abs(-9223372036854775807 - 1))
print((-9223372036854775807 - 1) // -1, divmod(-9223372036854775807 - 1, -1))
print(a + b, a - b, b - a, a * b)
print(a // 7, a % 7, -a // 7, -a % 7, a // -7, a % -7)
print(a // b, a % b, b // a, b % a)
print((a * b) // b == a, (a * b + 5) % b)
print(2 ** 100, (-3) ** 41, 10 ** 30, 7 ** 0, 0 ** 0)
print(2 ** 64 - 2 ** 64, (2 ** 64) // (2 ** 32), type((2 ** 64) // (2 ** 32)))
x = 1
for i in range(1, 31):
    x *= i
print(x)
while x > 1:
    x //= 1000
print(x)
s = 0
for i in range(100):
    s += 2 ** i
print(s, s == 2 ** 100 - 1, s + 1 == 2 ** 100)
print(sum([2 ** 70, 2 ** 70, -2 ** 71]), sum([9223372036854775807, 1, 1]))
print(sum([1.5, 2 ** 80]), sum([2 ** 80, 0.5]))
n = 2 ** 65
n += 1
n -= 2 ** 65
print(n, type(n))
print(-a, +a, -(-a) == a, abs(-a) == a)
print(a / b, b / a, (10 ** 30) / (10 ** 10), 1 / (10 ** 30))
print(2 ** 64 / 3, (2 ** 200 + 1) / 2 ** 100, 10 ** 400 / 10 ** 399)
print(a * 0, a - a, a * 1 is not None)
print(max(2 ** 70, 3, 2 ** 69), min(-2 ** 70, 5), sorted([2 ** 65, -2 ** 65, 0, 2 ** 64]))
print(a * 1.0, a + 0.5, a - 1e20, 2 ** 80 * 2.5)
print(round(2 ** 70), round(123456789012345678901234567890, -5), round(-25 * 10 ** 20, -21))
print(round(10 ** 25 + 5 * 10 ** 4, -5), round(15 * 10 ** 19, -20), round(2 ** 70, 3))
print(int(2 ** 70), int(-2 ** 70) == -2 ** 70, (2 ** 70).real, (2 ** 70).numerator, (2 ** 70).denominator, (2 ** 70).imag)
print((2 ** 70).conjugate(), (2 ** 70).as_integer_ratio())
print(True + 2 ** 64, 2 ** 64 * False, (2 ** 64) ** 2)
print(bool(2 ** 70), bool(2 ** 70 - 2 ** 70), not 2 ** 70)
