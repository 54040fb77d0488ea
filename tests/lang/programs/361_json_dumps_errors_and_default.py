# json.dumps errors (not serializable, bad keys, circular, allow_nan) and default=, cls=, skipkeys
import json


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def show(fn):
    try:
        print(fn())
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


show(lambda: json.dumps({"p": Point(1, 2)}))
show(lambda: json.dumps([1, {1, 2}]))
show(lambda: json.dumps({(1, 2): "tuple key"}))
show(lambda: json.dumps({Point(0, 0): 1}))
show(lambda: json.dumps({(1, 2): "skipped", "kept": 1}, skipkeys=True))
show(lambda: json.dumps(float("nan"), allow_nan=False))
show(lambda: json.dumps({"x": [float("inf")]}, allow_nan=False))
show(lambda: json.dumps({1.5: "x"}, allow_nan=False))
show(lambda: json.dumps({float("inf"): "x"}, allow_nan=False))
show(lambda: json.dumps([float("-inf")], indent=1, allow_nan=False))


class Sink:
    def write(self, text):
        pass


show(lambda: json.dump([1.0, float("nan")], Sink(), allow_nan=False))
show(lambda: json.dumps({"p": Point(1, 2)}, default=lambda o: {"x": o.x, "y": o.y}))
show(lambda: json.dumps({"p": Point(1, 2)}, default=vars, sort_keys=True))
show(lambda: json.dumps({"b": 1, 2: 3}, sort_keys=True))

loop = []
loop.append(loop)
show(lambda: json.dumps(loop))
d = {}
d["self"] = d
show(lambda: json.dumps(d))
show(lambda: json.dumps(Point(1, 1), default=lambda o: o))
shared = [1, 2]
show(lambda: json.dumps([shared, shared]))


class SetEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        if isinstance(o, Point):
            return [o.x, o.y]
        return super().default(o)


show(lambda: json.dumps({"s": {3, 1, 2}, "p": Point(5, 6)}, cls=SetEncoder))
show(lambda: json.dumps({"s": {3, 1, 2}}, cls=SetEncoder, indent=2))
show(lambda: json.dumps(object(), cls=SetEncoder))
enc = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
print(enc.item_separator, enc.key_separator, enc.sort_keys, enc.indent)
print(enc.encode({"z": 1, "a": [True, None]}))
print(json.JSONEncoder, json.JSONDecodeError.__mro__[1].__name__)
