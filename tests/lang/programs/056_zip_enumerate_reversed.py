# Exercises zip (uneven lengths, unzip via zip(*)), enumerate with start, and reversed on sequences.
names = ["ada", "grace", "linus"]
years = [1815, 1906, 1969, 2000]
for name, year in zip(names, years):
    print(name, year)
print(list(zip(names, years)), list(zip()), list(zip("ab", range(5), [True, False])))
pairs = [(1, "one"), (2, "two"), (3, "three")]
nums, words = zip(*pairs)
print(nums, words)
print(dict(zip(words, nums)))
for i, name in enumerate(names, start=1):
    print(f"{i}. {name}")
print(list(enumerate("xyz")), list(enumerate([], 5)), list(enumerate("ab", -1)))
print(list(reversed(names)), list(reversed(range(5))), "".join(reversed("stressed")))
print(list(reversed((1, 2, 3))), [k for k in reversed({"a": 1, "b": 2})])
matrix = [[1, 2, 3], [4, 5, 6]]
print([list(col) for col in zip(*matrix)])
a = [3, 1, 4, 1, 5]
b = [2, 7, 1, 8, 2]
print([x - y for x, y in zip(a, b)], sum(x * y for x, y in zip(a, b)))
print([(i, x) for i, x in enumerate(a) if x == 1])
prev_next = list(zip(a, a[1:]))
print(prev_next, all(x <= y for x, y in prev_next))
it = reversed([1, 2, 3])
print(next(it), next(it), list(it))
