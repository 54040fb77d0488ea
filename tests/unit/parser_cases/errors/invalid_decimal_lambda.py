x = 1lambda: 2
