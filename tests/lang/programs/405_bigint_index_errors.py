# Big ints where a C integer is needed: sequence indexing, repetition, slicing, len()-like APIs and math functions raise CPython's errors; math.gcd/lcm/factorial/comb/perm/isqrt on big values; ends in an uncaught OverflowError
import math
print(math.factorial(30), math.factorial(25) // math.factorial(23))
print(math.gcd(2 ** 100, 6 ** 40), math.gcd(-(2 ** 70), 0), math.gcd(), math.lcm(2 ** 64, 3 ** 40, 10))
print(math.comb(100, 50), math.comb(2 ** 70, 2), math.perm(30, 20), math.perm(25), math.comb(5, 2 ** 70))
print(math.isqrt(2 ** 200), math.isqrt(10 ** 40 - 1), math.isqrt(2 ** 127))
print(math.prod([2 ** 40, 2 ** 40, 3]), math.prod(range(1, 26)), math.sqrt(2 ** 100), math.log2(2 ** 60))
lst = [1, 2, 3]
print(lst[:2 ** 70], lst[-(2 ** 70):], "abcdef"[2 ** 64:], (1, 2)[: -(2 ** 65)])
for label, f in [
    ("list index", lambda: lst[2 ** 70]),
    ("tuple index", lambda: (1, 2)[-(2 ** 70)]),
    ("str index", lambda: "abc"[2 ** 64]),
    ("list repeat", lambda: [0] * 2 ** 70),
    ("str repeat", lambda: "a" * 2 ** 64),
    ("center", lambda: "abc".center(2 ** 70)),
    ("pop", lambda: [1, 2].pop(2 ** 70)),
    ("chr", lambda: chr(2 ** 70)),
    ("factorial big", lambda: math.factorial(2 ** 70)),
    ("factorial neg", lambda: math.factorial(-(2 ** 70))),
    ("isqrt neg", lambda: math.isqrt(-(2 ** 70))),
    ("comb neg", lambda: math.comb(-(2 ** 70), 2)),
]:
    try:
        print(label, f())
    except (IndexError, OverflowError, ValueError, TypeError) as e:
        print(label, type(e).__name__, e)
print(lst[2 ** 64])
