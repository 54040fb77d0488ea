# Exercises hand-written recursive generators for permutations, combinations and integer partitions.
def permutations(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i, item in enumerate(items):
        for rest in permutations(items[:i] + items[i + 1:]):
            yield [item] + rest


def combinations(items, k, start=0):
    if k == 0:
        yield ()
        return
    for i in range(start, len(items)):
        for tail in combinations(items, k - 1, i + 1):
            yield (items[i],) + tail


def partitions(n, max_part=None):
    if max_part is None:
        max_part = n
    if n == 0:
        yield []
        return
    for part in range(min(n, max_part), 0, -1):
        for rest in partitions(n - part, part):
            yield [part] + rest


print(["".join(p) for p in permutations("abc")])
print(len(list(permutations(list(range(5))))))
print(list(combinations("abcd", 2)))
print(list(combinations([1, 2, 3], 3)), list(combinations([1, 2], 0)), list(combinations([1], 2)))
for p in partitions(5):
    print(" + ".join(map(str, p)))
print([sum(1 for _ in partitions(n)) for n in range(1, 13)])
target = 8
coins = [1, 2, 5, 6]
hits = [c for k in range(1, 4) for c in combinations(coins, k) if sum(c) == target]
print(hits)
