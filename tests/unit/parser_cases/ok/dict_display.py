a = {}
b = {1: 2}
c = {"a": 1, "b": 2,}
d = {**a, "x": 1, **b}
e = {k: v for k, v in items}
f = {(1, 2): [3]}
