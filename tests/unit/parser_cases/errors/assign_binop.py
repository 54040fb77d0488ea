a + b = 1
