with a:
    pass
with a as b:
    pass
with a as b, c as d:
    pass
with a(), b():
    pass
with open(f) as (x, y):
    pass
with a as b.c, d as e[0]: pass
