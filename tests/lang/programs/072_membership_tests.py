# Exercises in / not in across str, list, tuple, dict, set, range and user classes with __contains__.
print("ell" in "hello", "" in "abc", "z" not in "abc", 3 in [1, 2, 3], (1, 2) in [(1, 2)])
print("k" in {"k": 1}, 1 in {"k": 1}, 1 in {"k": 1}.values(), ("k", 1) in {"k": 1}.items())
print(4 in {4, 5}, 4 in range(0, 10, 2), 5 in range(0, 10, 2), [1] in [[1], [2]], None in [0, False])
print(1.0 in [1], True in [1], "1" in [1], 0 in [False])


class Bag:
    def __init__(self, *items):
        self.items = list(items)

    def __contains__(self, item):
        print(f"  (checking {item!r})")
        return item in self.items


class Seq:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))


bag = Bag("apple", "pear")
print("pear" in bag)
print("plum" not in bag)
print(3 in Seq(5), 9 in Seq(5))
allowed = {"GET", "POST"}
for method in ["GET", "DELETE", "post"]:
    print(method, method in allowed, method.upper() in allowed)
matrix = [[1, 2], [3, 4]]
print(any(3 in row for row in matrix), [2, 3] in matrix, [3, 4] in matrix)
