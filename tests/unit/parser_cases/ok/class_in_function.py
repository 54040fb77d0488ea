def f():
    class C:
        def m(self): return 1
    return C
