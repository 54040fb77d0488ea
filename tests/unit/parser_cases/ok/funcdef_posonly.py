def f(a, /, b):
    pass
def g(a, b=1, /, c=2, *, d, e=3, **f):
    pass
def h(a, /):
    pass
