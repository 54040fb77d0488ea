# Big ints from library functions: random.getrandbits beyond 64 bits (the same words CPython draws), round() of ints near the int64 edge, itertools.count and operator.abs past int64
import itertools
import operator
import random

r = random.Random(5)
print(r.getrandbits(63), r.getrandbits(64), r.getrandbits(65), r.getrandbits(200), r.getrandbits(96))
random.seed(11)
print([random.getrandbits(70) for _ in range(3)], random.getrandbits(1000).bit_length() <= 1000)
print(round(9223372036854775807, -1), round(-9223372036854775807 - 1, -2), round(5 * 10 ** 18, -19))
print(round(2 ** 70, -10), round(-(2 ** 70) - 5 * 10 ** 9, -10), round(12345, -40))
c = itertools.count(9223372036854775806)
print(next(c), next(c), next(c), next(c))
c = itertools.count(2 ** 64, 2 ** 63)
print(next(c), next(c))
print(operator.abs(-9223372036854775807 - 1), operator.neg(-9223372036854775807 - 1), operator.mul(2 ** 40, 2 ** 40))
print(list(itertools.accumulate([9223372036854775807, 1, 2 ** 64])))
