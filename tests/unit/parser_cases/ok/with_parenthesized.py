with (a as b, c as d):
    pass
with (a, b):
    pass
with (a):
    pass
with (a, b) as c:
    pass
with (a as b,):
    pass
with (
    open(x) as f,
    open(y) as g,
):
    pass
with (yield):
    pass
