x = 1.5e3J
