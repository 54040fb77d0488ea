# Exercises an uncaught StopIteration from calling next() on an exhausted iterator at module level.
tokens = iter(["let", "x", "=", "1"])
keyword = next(tokens)
name = next(tokens)
print(keyword, name)
print(next(tokens), next(tokens))
print(next(tokens))
