# type(name, bases, namespace) builds classes; type(cls) is the metaclass; a metaclass builds classes when called directly
def init(self, value):
    self.value = value


Box = type("Box", (), {"__init__": init, "kind": "box", "double": lambda self: self.value * 2})
b = Box(21)
print(type(Box) is type, Box.__name__, Box.kind, b.value, b.double())
print(Box.__bases__ == (object,), Box.__mro__ == (Box, object))

Big = type("Big", (Box,), {"kind": "big"})
print(Big(5).double(), Big.kind, issubclass(Big, Box), Big.__bases__[0] is Box)
print(Box.__module__, Big.__qualname__)


class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns.setdefault("origin", "meta")
        return super().__new__(mcls, name, bases, ns, **kw)


Made = Meta("Made", (), {"x": 3})
print(type(Made).__name__, Made.origin, Made.x, isinstance(Made, Meta))


class FromMade(Made):
    pass


print(type(FromMade).__name__, FromMade.origin)
Direct = type.__new__(Meta, "Direct", (), {})
print(type(Direct).__name__, hasattr(Direct, "origin"))

Dyn = type("Dyn", (Made,), {})
print(type(Dyn).__name__, Dyn.origin)

for bad in [("X", [], {}), (1, (), {}), ("X", (), [])]:
    try:
        type(*bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    type("A", "B")
except TypeError as e:
    print("TypeError:", e)
print(type(3).__name__, type("s") is str, type(type) is type, type(Meta) is type)
