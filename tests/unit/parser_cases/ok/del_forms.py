del x
del x, y
del x[0], y.z
del (a, b)
del [a, b]
del (a)
del a,
del x[1:2]
