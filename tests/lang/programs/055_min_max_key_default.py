# Exercises min/max with key=, default=, multiple positional args, iterables and ties.
cities = {"Oslo": 697010, "Lima": 9751000, "Bern": 133883, "Rome": 2873000, "Nuuk": 19872}
print(max(cities, key=cities.get), min(cities, key=cities.get))
print(max(cities.items(), key=lambda kv: kv[1]), min(cities.values()))
print(max([], default="empty"), min((), default=None), max([7], default=0))
print(max(3, 9, 2), min(3, 9, 2), max("hello"), min("hello"), max(2.5, 2))
print(max([1, 5, 5, 3], key=lambda x: x % 5), min(["bb", "a", "cc", "d"], key=len))
print(max(["bb", "a", "cc", "d"], key=len), max(-3, 2, key=abs), min(-3, 2, key=abs))
scores = [("ann", 91), ("bob", 78), ("cy", 91), ("di", 64)]
best = max(scores, key=lambda s: s[1])
worst = min(scores, key=lambda s: s[1])
print(best, worst)


def longest_word(text, default="<none>"):
    return max(text.split(), key=len, default=default)


print(longest_word("the quick brown fox"), longest_word(""), longest_word("   ", default="-"))
points = [(1, 7), (4, 2), (-3, 5), (2, -6)]
print(max(points, key=lambda p: p[0] ** 2 + p[1] ** 2), min(points, key=lambda p: p[1]))
print(max(range(10), key=lambda n: (n % 4, -n)), min(map(int, "53829")))
