def f(*, a, b=2):
    pass
def g(x, *, y):
    pass
