# torch.load's default weights_only=True refuses a pickled class instance or function (2.14's UnpicklingError); weights_only=False or add_safe_globals loads it.
import os
import torch


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


for path in ("../data/pytorch/custom_class.pt", "_309_point.pt"):
    if path.startswith("_"):
        torch.save({"point": Point(3, 4), "t": torch.ones(2)}, path)
    try:
        torch.load(path)
    except Exception as e:
        print(type(e).__module__, type(e).__name__)
        print(e)
    p = torch.load(path, weights_only=False)
    print(type(p).__name__, vars(p) if isinstance(p, Point) else (vars(p["point"]), p["t"]))
with torch.serialization.safe_globals([Point]):
    print(vars(torch.load("_309_point.pt")["point"]), Point in torch.serialization.get_safe_globals())
print(Point in torch.serialization.get_safe_globals())
torch.serialization.add_safe_globals([Point])
print(vars(torch.load("../data/pytorch/custom_class.pt")))
torch.serialization.clear_safe_globals()


def scale(x):
    return x * 2


torch.save({"fn": scale, "cls": Point, "again": scale}, "_309_point.pt")
try:
    torch.load("_309_point.pt")
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[3])
refs = torch.load("_309_point.pt", weights_only=False)
print(refs["fn"] is scale, refs["cls"] is Point, refs["again"] is scale, refs["fn"](torch.ones(2)))
os.remove("_309_point.pt")
