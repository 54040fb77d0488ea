# Exercises tuples as immutable records: indexing, comparison, hashing as dict keys, count/index, concatenation.
origin = (0, 0)
moves = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}


def walk(path):
    x, y = origin
    visited = {origin: 0}
    for step, ch in enumerate(path, 1):
        dx, dy = moves[ch]
        x, y = x + dx, y + dy
        visited.setdefault((x, y), step)
    return (x, y), visited


end, visited = walk("NNEESSWWN")
print(end, len(visited), sorted(visited.items())[:4])
record = ("Widget", 4, 2.5, ("red", "small"))
name, qty, price, (color, size) = record
print(name, qty * price, color, size, len(record), record[3][1])
print(record + ("extra",), record[:2] * 2, (1,) == (1), (1,), ())
t = (1, 2, 2, 3, 2)
print(t.count(2), t.index(3), 2 in t, t < (1, 2, 3), max(t), sorted(t))
try:
    t[0] = 5
except TypeError as exc:
    print("TypeError:", exc)
nested = ([1, 2], [3])
nested[0].append(99)
print(nested)
dates = [(2024, 3, 1), (2023, 12, 25), (2024, 1, 15)]
print(sorted(dates), max(dates), min(dates)[0])
print(tuple("abc"), tuple(range(3)), tuple([x * 2 for x in (1, 2)]), tuple({"k": 1}))
single = 5,
print(single, type(single).__name__, len(single))
