def f(a, *, b, a=1): pass
