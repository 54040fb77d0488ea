if 0 <= i < n and not done:
    pass
