def f():
    for i in range(3):
        try:
            try:
                continue
            finally:
                return i
        except* ValueError:
            pass
