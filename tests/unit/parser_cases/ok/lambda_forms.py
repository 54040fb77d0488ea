a = lambda: 0
b = lambda x: x
c = lambda x, y=1: x + y
d = lambda *args, **kw: args
e = lambda x, /, y, *, z=3: 0
f = lambda *, k: k
g = lambda x=lambda: 1: x
