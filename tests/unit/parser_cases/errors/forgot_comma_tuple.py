x = (a + 1 b)
