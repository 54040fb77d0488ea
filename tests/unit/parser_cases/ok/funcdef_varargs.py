def f(*args, **kwargs):
    pass
def g(a, *b, c, d=1, **e):
    pass
