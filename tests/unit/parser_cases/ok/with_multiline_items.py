with a as x, \
     b as y:
    pass
