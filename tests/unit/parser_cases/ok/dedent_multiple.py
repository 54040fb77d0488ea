if a:
    if b:
        if c:
            x = 1
y = 2
