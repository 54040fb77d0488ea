f(x=1 for x in y)
