a = x < y <= z
b = x == y != z
c = x is None
d = x is not None
e = x in y
f = x not in y
g = 1 < x > 2 >= 3
