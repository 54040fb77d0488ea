x = None = 1
