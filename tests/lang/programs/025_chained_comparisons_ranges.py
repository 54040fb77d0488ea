# Exercises chained comparisons (a < b < c, mixed operators, is/in chains) and short-circuit evaluation.
calls = []


def probe(name, value):
    calls.append(name)
    return value


def bucket(score):
    if 90 <= score <= 100:
        return "A"
    elif 80 <= score < 90:
        return "B"
    elif 0 <= score < 80:
        return "C"
    return "invalid"


for s in (100, 95, 90, 89.9, 80, 42, -1, 101):
    print(s, bucket(s))

x = 5
print(1 < x < 10, 1 < x > 3, 10 > x >= 5 > 4, x == 5 == 5.0, 1 < x < 3)
print(1 < 2 < 3 < 4 < 5, 1 < 2 < 3 > 4, 3 != 4 != 3)
calls.clear()
result = probe("a", 1) < probe("b", 0) < probe("c", 5)
print(result, calls)
calls.clear()
result = probe("a", 1) < probe("b", 2) < probe("c", 5)
print(result, calls)
items = [1, 2, 3]
print(2 in items == True, (2 in items) == True, 2 in items in [items])
a = b = [1]
print(a is b is not None, a == b != [2])
lo, hi = 3, 7
inside = [n for n in range(10) if lo <= n < hi]
print(inside)
print("a" < "b" < "c", "apple" < "banana" <= "banana", (1, 2) < (1, 3) < (2,))
