# Exercises del on names, list items, slices, dict keys, attributes and multiple targets, with NameError afterwards.
x = 10
y = [1, 2, 3, 4, 5, 6]
z = {"a": 1, "b": 2, "c": 3}


class Box:
    pass


b = Box()
b.label = "fragile"
b.weight = 3
del x
try:
    print(x)
except NameError as exc:
    print("NameError:", exc)
del y[0]
del y[-1]
print(y)
del y[1:3]
print(y)
del z["b"]
print(z)
del b.label
print(vars(b), hasattr(b, "label"))
p, q, r = 1, 2, 3
del p, q
try:
    print(r, p)
except NameError as exc:
    print(r, "NameError:", exc)
try:
    del z["missing"]
except KeyError as exc:
    print("KeyError:", exc)
try:
    del b.nothing
except AttributeError as exc:
    print("AttributeError:", exc)


def local_del():
    temp = "value"
    del temp
    try:
        return temp
    except UnboundLocalError as exc:
        return f"UnboundLocalError: {exc}"


print(local_del())
matrix = [[1, 2], [3, 4]]
del matrix[0][1], matrix[1]
print(matrix)
items = list(range(10))
del items[::3]
print(items)
