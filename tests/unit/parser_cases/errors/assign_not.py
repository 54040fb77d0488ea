not a = 1
