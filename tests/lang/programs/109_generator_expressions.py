# Exercises generator expressions: laziness, single-pass exhaustion, as sole call argument, nested and with conditions.
nums = [3, 8, 1, 9, 4, 7]
squares = (n * n for n in nums)
print(type(squares).__name__, sum(squares), sum(squares))
print(max(n % 5 for n in nums), min((n for n in nums if n > 4), default=None), sorted(n for n in nums if n % 2))
print(any(n > 8 for n in nums), all(n > 0 for n in nums), list(str(n) for n in nums[:3]))
print(",".join(f"{n:02d}" for n in nums), tuple(n // 2 for n in nums), set(n % 3 for n in nums))
trace = []


def noisy(n):
    trace.append(n)
    return n


gen = (noisy(n) * 10 for n in range(5))
print("trace before:", trace)
print(next(gen), next(gen), "trace:", trace)
print(list(gen), "trace:", trace)
pairs = ((a, b) for a in range(3) for b in range(3) if a < b)
print(list(pairs))
matrix = [[1, 2, 3], [4, 5, 6]]
print(sum(x for row in matrix for x in row), dict((r[0], sum(r)) for r in matrix))
words = ["gen", "exprs", "are", "lazy"]
lengths = (len(w) for w in words)
total = 0
for n in lengths:
    total += n
    if total > 6:
        break
print(total, list(lengths))
first_long = next((w for w in words if len(w) > 3), "none")
print(first_long, next((w for w in words if len(w) > 10), "none"))
print(sum(1 for _ in range(1000) if _ % 7 == 0))
