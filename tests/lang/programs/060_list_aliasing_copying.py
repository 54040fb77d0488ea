# Exercises aliasing versus copying of lists: identity, shallow copies, list(), slicing and nested mutation.
a = [1, [2, 3], 4]
b = a
c = a[:]
d = list(a)
e = a.copy()
a[0] = "changed"
a[1].append("shared")
print(a)
print(b, b is a)
print(c, c is a, c[1] is a[1])
print(d, e)
print(a == b, c == d, d == e)


def append_bad(item, bucket=[]):
    bucket.append(item)
    return bucket


def append_good(item, bucket=None):
    if bucket is None:
        bucket = []
    bucket.append(item)
    return bucket


print(append_bad(1), append_bad(2), append_good(1), append_good(2))
rows = [[0] * 3 for _ in range(2)]
rows[0][0] = 7
print(rows)
aliased = [[0] * 3] * 2
aliased[0][0] = 7
print(aliased, aliased[0] is aliased[1])


def mutate(lst):
    lst.append("added")
    lst = ["rebound"]
    return lst


original = ["x"]
returned = mutate(original)
print(original, returned)
deep = [[r * 2 + c for c in range(2)] for r in range(2)]
manual_deep = [row[:] for row in deep]
manual_deep[0][0] = -1
print(deep, manual_deep)
x = [1, 2]
y = x
y += [3]
print(x, y is x)
y = y + [4]
print(x, y, y is x)
