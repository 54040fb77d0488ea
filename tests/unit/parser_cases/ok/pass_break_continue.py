for x in y:
    pass
    continue
    break
