@dec
def f(): pass
@a.b.c
@d(1, x=2)
def g(): pass
@property
def h(self): return 1
@x[0]
class C: pass
@(lambda f: f)
def k(): pass
