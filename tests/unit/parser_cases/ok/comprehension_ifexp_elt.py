x = [a if a else b for a in c]
