# Exercises conditional (ternary) expressions: nesting, in lambdas, f-strings, defaults and and/or idioms.
def sign(n):
    return "positive" if n > 0 else "negative" if n < 0 else "zero"


def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


print([sign(n) for n in (-3, 0, 7)])
print(plural(0, "cat"), plural(1, "cat"), plural(5, "cat"))
classify = lambda t: "hot" if t >= 30 else ("warm" if t >= 20 else "cold")
print([classify(t) for t in (35, 25, 10)])
name = ""
print(name or "anonymous", name and name.upper(), "x" and "y", 0 or None or "last")
values = [4, None, 0, 7]
print([v if v is not None else -1 for v in values], [v or "falsy" for v in values])
print(max(3, 5) if True else min(3, 5), (1 if False else 2) * 10)
calls = []


def expensive(tag):
    calls.append(tag)
    return tag


result = expensive("yes") if len(calls) == 0 else expensive("no")
print(result, calls)
x = 15
label = "FizzBuzz" if x % 15 == 0 else "Fizz" if x % 3 == 0 else "Buzz" if x % 5 == 0 else x
print(label)
print(f"{'even' if x % 2 == 0 else 'odd'} {x if x < 10 else x // 10}")
grid = [[(r + c) % 2 for c in range(4)] for r in range(3)]
print("\n".join("".join("#" if v else "." for v in row) for row in grid))
