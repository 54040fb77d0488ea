# Exercises map and filter (single and multiple iterables, None predicate) with lambdas and builtins.
nums = [1, -2, 3, -4, 5, 0]
print(list(map(abs, nums)), list(map(lambda n: n * n, nums)))
print(list(filter(lambda n: n > 0, nums)), list(filter(None, nums)))
print(list(map(str, nums)), list(map(int, ["7", "08", "-9"])))
print(list(map(lambda a, b: a + b, [1, 2, 3], [10, 20, 30, 40])))
print(list(map(pow, [2, 3, 4], [3, 2, 1])), list(map(max, [1, 5], [4, 2], [3, 3])))
words = ["Alpha", "beta", "", "Gamma", "delta", ""]
print(list(filter(None, words)), list(map(str.upper, filter(None, words))))
print(list(filter(lambda c: c.isalpha() and c == c.upper(), map(lambda w: w[:1], words))))
compose = lambda f, g: lambda x: f(g(x))
inc = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc, dbl)(5), compose(dbl, inc)(5))
adders = [lambda x, k=k: x + k for k in range(3)]
print([f(10) for f in adders])
late = [lambda x: x + k for k in range(3)]
print([f(10) for f in late])
m = map(lambda s: len(s), ["a", "bb"])
print(next(m), next(m), next(m, "done"))
print(sorted(filter(lambda w: "a" in w.lower(), words), key=lambda w: w.lower()))
print((lambda *args, **kw: (args, sorted(kw)))(1, 2, b=3, a=4))
print((lambda: "no args")(), (lambda x=5: x)())
