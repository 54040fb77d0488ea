for i in range(10):
    if i % 2 == 0:
        continue
    elif i > 7:
        break
else:
    pass
while i:
    i -= 1
else:
    print("done")
x = 1 if i else 2
assert x, "message"
del x
