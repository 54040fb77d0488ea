def f():
    x = 1
    global x

def g():
    nonlocal y

return 5
break
