def g():
    (yield) = 1
