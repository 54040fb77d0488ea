@(d := deco)
def f(): pass
