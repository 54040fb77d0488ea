def g():
    x = yield from
