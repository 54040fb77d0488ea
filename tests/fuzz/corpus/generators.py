def gen(n):
    total = yield
    for i in range(n):
        total += yield i
    yield from range(3)
    return total

g = (x * x for x in range(5) if x)
print(list(g), [y for x in [[1], [2]] for y in x], {k: v for k, v in zip("ab", (1, 2))}, {c for c in "abc"})
