def g():
    x = (yield) + 1
    f((yield x))
    y = [(yield)]
