f = lambda a, *b, c=1, d, **e: 0
