# Exercises itertools.count (start/step, floats), islice (start/stop/step) and repeat (bounded and with map/zip).
from itertools import count, islice, repeat

print(list(islice(count(), 5)), list(islice(count(10, 5), 4)), list(islice(count(1.5, 0.5), 4)))
print(list(islice(count(10, -3), 5)), list(islice("abcdefgh", 2, 7, 2)), list(islice(range(100), 95, None)))
print(list(repeat("x", 3)), list(repeat(None, 0)), list(map(pow, range(5), repeat(2))))
print(list(zip(count(1), ["a", "b", "c"])), list(islice(repeat(7), 4)))
ids = count(1000)
orders = [(next(ids), item) for item in ["tea", "cake", "soup"]]
print(orders, next(ids))
print(list(islice(iter(range(10)), 3)), list(islice([1, 2, 3], 0)))
it = iter(range(10))
first = list(islice(it, 3))
rest = list(it)
print(first, rest)
padding = list(islice(list("ab") + list(repeat("-", 5)), 5))
print(padding, "".join(repeat("=", 10)))
for n, label in zip(count(start=1), ["one", "two", "three"]):
    print(n, label)
gen = (x * x for x in count())
print(list(islice(gen, 2, 6)), next(gen))
