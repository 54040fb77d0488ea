# Exercises yield from: delegating to sub-generators and iterables, capturing return values, recursive flattening.
def inner(tag, n):
    for i in range(n):
        yield f"{tag}{i}"
    return f"{tag} done ({n})"


def outer():
    r1 = yield from inner("a", 2)
    print("  inner returned:", r1)
    r2 = yield from inner("b", 3)
    print("  inner returned:", r2)
    yield from [100, 200]
    yield from "xy"
    return "outer done"


gen = outer()
for item in gen:
    print(item)


def flatten(obj):
    if isinstance(obj, (list, tuple)):
        for item in obj:
            yield from flatten(item)
    else:
        yield obj


print(list(flatten([1, [2, (3, [4, 5]), []], [[[6]]], "str"])))


def tree_walk(node, depth=0):
    name, children = node
    yield depth, name
    for child in children:
        yield from tree_walk(child, depth + 1)


tree = ("root", [("src", [("main.py", []), ("util.py", [])]), ("docs", [("index.md", [])]), ("README", [])])
for depth, name in tree_walk(tree):
    print("  " * depth + name)


def accumulate():
    total = 0
    while True:
        x = yield
        if x is None:
            return total
        total += x


def gather(results):
    while True:
        total = yield from accumulate()
        results.append(total)


results = []
g = gather(results)
next(g)
for batch in ([1, 2, 3], [10, 20], []):
    for x in batch:
        g.send(x)
    g.send(None)
print(results)
