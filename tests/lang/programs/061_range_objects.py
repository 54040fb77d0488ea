# Exercises range objects: len, indexing, slicing, membership, negative steps, equality and repr.
r = range(3, 20, 4)
print(r, list(r), len(r), r[0], r[-1], r[1:3], list(r[::-1]))
print(7 in r, 8 in r, r.index(11), r.count(15), range(5) == range(0, 5), range(0) == range(5, 2))
print(list(range(10, 0, -3)), list(range(-5)), list(range(-5, 0)), len(range(0, 100, 7)))
print(range(10)[2:8:2], list(range(10)[::-2]), range(1, 10, 2)[-2])
print(sum(range(1, 101)), max(range(7)), min(range(5, 9)), list(reversed(range(4))))
print(repr(range(0, 5)), str(range(2, 8, 3)), range(4).start, range(4).stop, range(4, 9, 2).step)


def chunks(n, size):
    return [range(i, min(i + size, n)) for i in range(0, n, size)]


for c in chunks(10, 4):
    print(c, list(c))
squares = [i * i for i in range(1, 8)]
print(squares, bool(range(0)), bool(range(1)))
total = 0
for i in range(1, 10, 2):
    total += i
print("odd sum", total)
print(list(zip(range(3), range(10, 13))), dict.fromkeys(range(3), 0))
