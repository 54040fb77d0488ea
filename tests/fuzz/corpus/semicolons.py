x = 1; y = 2; print(x, y);
if x: pass
while 0: break
class C: pass
def f(): ...
