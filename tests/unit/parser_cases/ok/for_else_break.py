for x in y:
    if x:
        break
else:
    print("none")
