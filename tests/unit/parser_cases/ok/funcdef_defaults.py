def f(a, b=1, c="x"):
    return a
