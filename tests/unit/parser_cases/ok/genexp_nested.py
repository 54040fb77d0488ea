g = ((x, y) for x in range(3) for y in range(x))
