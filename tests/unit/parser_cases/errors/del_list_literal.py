del [a, 1]
