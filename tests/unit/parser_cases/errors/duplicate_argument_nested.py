def f():
    def g(a, **a): pass
