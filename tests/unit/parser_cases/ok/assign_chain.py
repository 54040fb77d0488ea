a = b = c = 0
