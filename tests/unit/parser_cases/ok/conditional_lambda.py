f = lambda x: x if x > 0 else -x
