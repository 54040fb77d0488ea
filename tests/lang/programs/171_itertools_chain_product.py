# Exercises itertools.chain, chain.from_iterable and product (with repeat) for combining and enumerating data.
from itertools import chain, product

a, b, c = [1, 2], ("x", "y"), "pq"
print(list(chain(a, b, c)), list(chain()), list(chain([], [0])))
print(list(chain.from_iterable([[1, 2], [3], [], [4, 5]])), "".join(chain.from_iterable(["ab", "cd"])))
print(list(product("ab", [0, 1])), len(list(product(range(3), repeat=3))))
print(["".join(p) for p in product("01", repeat=3)])
sizes = ["S", "M"]
colors = ["red", "blue"]
styles = ["plain", "striped"]
skus = [f"{s}-{c}-{st}" for s, c, st in product(sizes, colors, styles)]
print(len(skus), skus[:3], skus[-1])
truth = list(product([False, True], repeat=2))
print([(p, q, p and q, p or q, p != q) for p, q in truth])
dice = [s for s in product(range(1, 7), repeat=2)]
sums = {}
for d1, d2 in dice:
    sums[d1 + d2] = sums.get(d1 + d2, 0) + 1
print(sorted(sums.items()))
grid = list(product(range(2), range(3)))
print(grid, list(product()))
all_items = chain(range(3), (x * 10 for x in range(3)), iter(["end"]))
print(next(all_items), list(all_items))
