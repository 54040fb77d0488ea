f = lambda: (1, 2)
g = lambda: [x for x in y]
