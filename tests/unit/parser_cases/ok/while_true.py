while True:
    if x():
        break
