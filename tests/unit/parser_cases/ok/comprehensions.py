a = [x for x in y]
b = {x for x in y}
c = {x: y for x, y in z}
d = (x for x in y)
e = [x for x in y if x if not x]
f = [(x, y) for x in a for y in b]
g = [x for x in a if x for y in x if y]
h = [[y for y in x] for x in z]
