def f():
    pass
def g(a, b):
    return a + b
def h(): return
