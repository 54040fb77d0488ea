# Exercises tuple/list unpacking, starred targets, nested unpacking, swaps and chained assignment.
a, b = 1, 2
a, b = b, a
print(a, b)
x = y = z = 0
print(x, y, z)
first, *middle, last = [10, 20, 30, 40, 50]
print(first, middle, last)
*init, tail = "hello"
print(init, tail)
head, *rest = (1,)
print(head, rest)
(p, q), r = (1, 2), 3
print(p, q, r)
[m, n], [o, *others] = [[4, 5], [6, 7, 8]]
print(m, n, o, others)
for index, (name, score) in enumerate([("ann", 90), ("bo", 85)]):
    print(index, name, score)
pairs = {"a": 1, "b": 2}
for key, value in pairs.items():
    print(key, value)
point = (3, 4)
px, py = point
print(px ** 2 + py ** 2)
i, j = k = (5, 6)
print(i, j, k)
u, *v, w = range(6)
print(u, v, w)
lst = [0, 0, 0]
lst[0], lst[2] = "L", "R"
print(lst)


def min_max(values):
    return min(values), max(values)


lo, hi = min_max([7, 3, 9, 1])
print(lo, hi)
row = ("id42", "Widget", 3, 9.99)
code, *_, price = row
print(code, price)
matrix = [[1, 2], [3, 4]]
(a1, a2), (b1, b2) = matrix
print(a1 * b2 - a2 * b1)
