# Exercises type objects: type(x), __name__, __class__, type comparison, type() as a converter, printing classes.
class Widget:
    pass


class Gadget(Widget):
    pass


values = [1, 2.0, "s", [1], (1,), {"a": 1}, {1}, frozenset(), None, True, range(1), Widget(), Gadget(), slice(1)]
for v in values:
    print(type(v).__name__, v.__class__.__name__ == type(v).__name__)
print(type(3), type("x"), type(None), type(Widget()), Gadget)
print(type(3) is int, type(True) is int, type(True) == bool, type(Gadget()) is Widget)
print(int, str, list, dict, type, object, Exception, ValueError)
convert = {"int": int, "float": float, "str": str, "list": list, "tuple": tuple}
for name, t in convert.items():
    print(name, repr(t("12") if t not in (list, tuple) else t("12")))
print(type(type(3)).__name__, type(int).__name__, Widget.__name__, issubclass(Gadget, Widget))
w = Widget()
print(type(w)().__class__.__name__, isinstance(type(w)(), Widget))
factory = Gadget
print(type(factory()).__name__, factory.__name__)
print(str(type(1.5)), repr(type([])), f"{type({})}")
print(sorted([str, int, float], key=lambda t: t.__name__))
