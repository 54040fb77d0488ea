def g():
    x = yield = 1
