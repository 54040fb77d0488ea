def outer():
    x = 0
    def inner():
        nonlocal x
        x += 1
        return x
    return inner

counter = 0
def bump():
    global counter
    counter += 1
