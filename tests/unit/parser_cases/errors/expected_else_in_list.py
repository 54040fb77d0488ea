x = [a if b]
