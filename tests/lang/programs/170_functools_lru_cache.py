# Exercises functools.lru_cache: memoised recursion, cache_info hits/misses, maxsize eviction, cache_clear, typed keys.
from functools import lru_cache


@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info())
print(fib(50), fib.cache_info().hits, fib.cache_info().currsize)
fib.cache_clear()
print(fib.cache_info())

calls = []


@lru_cache(maxsize=2)
def slow_square(x):
    calls.append(x)
    return x * x


for x in [1, 2, 1, 3, 1, 2, 2]:
    slow_square(x)
print(calls, slow_square.cache_info())


@lru_cache
def count_paths(r, c):
    if r == 0 or c == 0:
        return 1
    return count_paths(r - 1, c) + count_paths(r, c - 1)


print(count_paths(16, 16), count_paths.cache_info().misses)


@lru_cache(maxsize=128)
def describe(value):
    calls.append(("describe", value))
    return f"{type(value).__name__}:{value}"


calls.clear()
print(describe(1), describe("1"), describe(1), describe(2.5), describe(2.5), len(calls))
print(describe.__name__, describe.cache_info().maxsize)
