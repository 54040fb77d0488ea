def f(a, a): pass
def g(a=1, b): pass
f(x=1, 2)
f(**k, *a)
