sum(x for x in range(10))
f((x for x in y), 1)
any(x > 0 for x in y if x)
