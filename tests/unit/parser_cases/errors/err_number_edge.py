d = 1.__class__ if 0 else 1
