if x:
        a = 1
        if a:
                b = 2
