def g():
    yield
    yield 1
    yield 1, 2
    yield from range(3)
    x = yield
    yield *a, b
    await_ = (yield)
