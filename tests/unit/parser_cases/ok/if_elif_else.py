if a:
    x = 1
elif b:
    x = 2
elif c:
    x = 3
else:
    x = 4
