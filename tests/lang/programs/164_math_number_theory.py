# Exercises math.gcd/isqrt/factorial/comb plus hand-written number theory: lcm, totient, perfect numbers, digit sums.
import math


def lcm(a, b):
    return a // math.gcd(a, b) * b


def totient(n):
    result = n
    p = 2
    m = n
    while p * p <= m:
        if m % p == 0:
            while m % p == 0:
                m //= p
            result -= result // p
        p += 1
    if m > 1:
        result -= result // m
    return result


def divisors(n):
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return sorted(set(small + [n // d for d in small]))


def is_perfect(n):
    return n > 1 and sum(divisors(n)) - n == n


def digit_sum(n):
    return sum(int(d) for d in str(n))


print([lcm(a, b) for a, b in [(4, 6), (21, 6), (7, 13), (12, 18)]])
running = 1
for k in range(1, 21):
    running = lcm(running, k)
print("lcm(1..20) =", running)
print([totient(n) for n in range(1, 21)])
print(divisors(360), len(divisors(360)))
print([n for n in range(2, 10000) if is_perfect(n)])
print(digit_sum(math.factorial(20)), math.comb(40, 20), math.comb(10, 0), math.comb(5, 7))
print([math.isqrt(n) for n in (0, 1, 15, 16, 17, 10 ** 18)])
print(math.gcd(2 ** 40, 6 ** 10), math.gcd(0, 0), math.factorial(0))
pythagorean = [(a, b, c) for c in range(1, 30) for b in range(1, c) for a in range(1, b)
               if a * a + b * b == c * c and math.gcd(a, b) == 1]
print(pythagorean)
