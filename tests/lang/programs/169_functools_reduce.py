# Exercises functools.reduce with and without initial values: products, max, flattening, composition and dict merges.
from functools import reduce
import operator

nums = [3, 1, 4, 1, 5, 9, 2, 6]
print(reduce(lambda a, b: a + b, nums), reduce(operator.mul, nums), reduce(max, nums), reduce(min, nums, 100))
print(reduce(lambda acc, x: acc * 10 + x, [1, 2, 3, 4]), reduce(operator.add, ["a", "b", "c"], ">"))
print(reduce(lambda acc, row: acc + row, [[1, 2], [3], [], [4, 5]], []))
print(reduce(operator.add, [], 0), reduce(lambda a, b: a, [42]))
try:
    reduce(operator.add, [])
except TypeError as exc:
    print("TypeError:", exc)
configs = [{"a": 1}, {"b": 2}, {"a": 3, "c": 4}]
print(reduce(lambda acc, d: {**acc, **d}, configs, {}))
funcs = [lambda x: x + 1, lambda x: x * 2, lambda x: x - 3]
pipeline = reduce(lambda f, g: lambda x: g(f(x)), funcs)
print([pipeline(x) for x in range(4)])
words = "the quick brown fox jumps over the lazy dog".split()
longest = reduce(lambda a, b: a if len(a) >= len(b) else b, words)
counts = reduce(lambda acc, w: {**acc, w: acc.get(w, 0) + 1}, words, {})
print(longest, counts)


def gcd_step(a, b):
    while b:
        a, b = b, a % b
    return a


print(reduce(gcd_step, [48, 180, 36, 240]))
bits = reduce(operator.or_, [1, 4, 16, 64])
print(bits, bin(bits), reduce(operator.xor, range(1, 11)))
