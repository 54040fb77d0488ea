# Exercises call-site unpacking with * and ** from lists, tuples, dicts, generators and mixed positional args.
def vector(x, y, z=0):
    return f"<{x}, {y}, {z}>"


coords = [1, 2, 3]
pair = (4, 5)
named = {"x": 7, "y": 8, "z": 9}
print(vector(*coords), vector(*pair), vector(**named), vector(*pair, z=6), vector(0, *[1]))
print(vector(*range(3)), vector(*"ab"), vector(*(n * 2 for n in range(2))))
print(vector(**{"y": 1}, x=2), vector(1, **{"y": 2, "z": 3}))
rows = [(1, 2), (3, 4, 5), (6, 7)]
print([vector(*r) for r in rows])
print(max(*[3, 9, 2]), min(*"hello"), list(zip(*[[1, 2], [3, 4], [5, 6]])))
print(str.format("{}{}", *"xy"), "{0}{1}".format(*["p", "q"]))
try:
    vector(*[1, 2, 3, 4])
except TypeError as exc:
    print("TypeError:", exc)
try:
    vector(1, **{"x": 2, "y": 3})
except TypeError as exc:
    print("TypeError:", exc)
try:
    vector(**{"w": 1, "x": 1, "y": 1})
except TypeError as exc:
    print("TypeError:", exc)
combined = [*coords, *pair, 10]
merged = {**named, "z": 0, **{"w": -1}}
print(combined, merged, (*"ab", *[1]), {*range(3), 5})
