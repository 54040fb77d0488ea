# Exercises higher-order functions: compose, pipe, currying by closures, function lists and returning functions.
from functools import reduce


def compose(*funcs):
    def composed(x):
        for f in reversed(funcs):
            x = f(x)
        return x
    return composed


def pipe(value, *funcs):
    return reduce(lambda acc, f: f(acc), funcs, value)


def curry2(f):
    return lambda a: lambda b: f(a, b)


def apply_n(f, n):
    def run(x):
        for _ in range(n):
            x = f(x)
        return x
    return run


strip_lower = compose(str.lower, str.strip)
print(repr(strip_lower("  MiXeD  ")))
slugify = compose("-".join, str.split, str.lower)
print(slugify("Higher Order Functions Rock"))
print(pipe(5, lambda x: x + 1, lambda x: x * 10, str, len))
add = curry2(lambda a, b: a + b)
print(add(3)(4), list(map(add(100), [1, 2, 3])))
print(apply_n(lambda x: x * 2, 10)(1), apply_n(lambda s: s + "!", 3)("hey"))
validators = [str.isalpha, lambda s: len(s) > 2, lambda s: s[0] == s[0].upper()]
for w in ["Ann", "bo", "Cy3", "Dora"]:
    print(w, [v(w) for v in validators], all(v(w) for v in validators))


def memo_count(f):
    seen = {}

    def wrapped(n):
        if n not in seen:
            seen[n] = f(n)
        return seen[n]
    wrapped.cache = seen
    return wrapped


@memo_count
def slow_square(n):
    return n * n


print([slow_square(i % 3) for i in range(7)], sorted(slow_square.cache.items()))
print(callable(compose), callable(3), callable(str.upper), callable(lambda: 0))
