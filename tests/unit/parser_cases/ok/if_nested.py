if a:
    if b:
        pass
    else:
        pass
else:
    if c:
        pass
