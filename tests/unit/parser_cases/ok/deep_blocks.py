def f():
    for i in x:
        while y:
            if z:
                try:
                    with w:
                        pass
                except E:
                    pass
