[a, b for a in b]
