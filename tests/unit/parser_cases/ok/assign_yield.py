def g():
    x = yield
    y = yield 1
    z = yield from w
