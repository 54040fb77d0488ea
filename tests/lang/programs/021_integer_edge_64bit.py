# Exercises large but in-range 64-bit integer arithmetic, sys.maxsize, and exact integer results.
import sys

MAX = sys.maxsize
MIN = -sys.maxsize - 1
print(MAX, MIN, MAX == 2 ** 62 - 1 + 2 ** 62, MIN == -(2 ** 62) * 2)
print(MAX // 2, MAX % 1000, MAX - MAX, -MAX - 1 == MIN)
print(MAX // -7, MAX % -7, MIN // 3, MIN % 3)
print(10 ** 18, 3 ** 39, 2 ** 62 + (2 ** 62 - 1))
print(abs(MIN + 1), hex(MAX), bin(2 ** 40), oct(10 ** 12))


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


print([fib(n) for n in (10, 50, 90, 91)])


def mul_mod(a, b, m):
    result = 0
    a %= m
    while b:
        if b & 1:
            result = (result + a) % m
        a = (a * 2) % m
        b >>= 1
    return result


P = 1_000_000_007
print(mul_mod(123456789123, 987654321, P), (123456789123 % P) * (987654321 % P) % P)
h = 0
for ch in "deterministic hashing":
    h = (h * 131 + ord(ch)) % P
print(h)
print(int("9223372036854775807") == MAX, str(MIN), len(str(MIN)))
print(MAX > 1e18, float(MAX), int(9.2e18), MAX - 2 ** 62 - (2 ** 62 - 1))
