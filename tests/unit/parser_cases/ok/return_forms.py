def f():
    return
def g():
    return 1, 2
def h():
    return *a, b
def i():
    return (yield)
