# Exercises iter()/next() on builtin containers, the iterator protocol by hand, and iterator exhaustion.
data = [10, 20, 30]
it = iter(data)
print(next(it), next(it), next(it), next(it, "default"))
for container in ("ab", (1, 2), {"k": 1, "j": 2}, range(2)):
    i = iter(container)
    print(type(container).__name__, next(i), list(i))
d = {"x": 1, "y": 2}
print(list(iter(d.items())), list(iter(d.values())))


def manual_for(iterable, action):
    iterator = iter(iterable)
    while True:
        try:
            item = next(iterator)
        except StopIteration:
            break
        action(item)


collected = []
manual_for("hey", collected.append)
print(collected)
it = iter([1, 2, 3, 4, 5, 6])
pairs = list(zip(it, it))
print(pairs)
numbers = iter(range(10))
print(4 in numbers, list(numbers))
s = iter({3, 1, 2})
print(sorted(s))
it2 = iter([])
try:
    next(it2)
except StopIteration:
    print("empty iterator raised StopIteration")
lines = iter(["header", "a", "b"])
header = next(lines)
print(header, [l.upper() for l in lines])
print(iter(it) is it, list(it))
