def f(a=): pass
