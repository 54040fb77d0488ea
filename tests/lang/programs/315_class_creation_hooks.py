# class creation hooks typing relies on: PEP 560 __mro_entries__ (on instances and functions, __orig_bases__ only when bases changed, the non-tuple TypeError), __class_getitem__, __init_subclass__ with class keywords, __set_name__, class-body __annotations__, and names of only underscores left unmangled
class Alias:
    def __init__(self, origin, note):
        self.origin = origin
        self.note = note

    def __mro_entries__(self, bases):
        print("mro_entries", [b.note if isinstance(b, Alias) else b.__name__ for b in bases])
        return (self.origin,)


class Base:
    def hello(self):
        return "hello from " + type(self).__name__


class Derived(Alias(Base, "alias")):
    pass


print(Derived.__bases__, Derived.__mro__, Derived().hello())
print(Derived.__orig_bases__[0].note, "__orig_bases__" in Derived.__dict__)


class Ordinary(Base):
    pass


print("__orig_bases__" in Ordinary.__dict__, hasattr(Ordinary, "__orig_bases__"))


class Nothing:
    def __mro_entries__(self, bases):
        return ()


class FromNothing(Nothing()):
    pass


print(FromNothing.__bases__, FromNothing.__orig_bases__[0].__class__.__name__)


def factory():
    pass


factory.__mro_entries__ = lambda bases: (Base,)


class FromFunction(factory):
    pass


print(FromFunction.__bases__, FromFunction.__orig_bases__ == (factory,))


class BadEntries:
    def __mro_entries__(self, bases):
        return [Base]


try:
    class Broken(BadEntries()):
        pass
except TypeError as e:
    print("TypeError:", e)


class Registry:
    subclasses = []

    def __init_subclass__(cls, kind="plain", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = kind
        Registry.subclasses.append((cls.__name__, kind))

    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{item!r}]"


class Plugin(Registry, kind="plugin"):
    pass


class Other(Registry):
    pass


print(Registry.subclasses, Plugin.kind, Other.kind, Registry[int], Plugin["x"], Registry[1, 2])
try:
    class Wrong(Registry, colour="red"):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class NoHook(colour="red"):
        pass
except TypeError as e:
    print("TypeError:", e)


class Field:
    def __set_name__(self, owner, name):
        self.owner = owner.__name__
        self.name = name


class Record:
    first = Field()
    second = Field()
    x: int
    y: "str" = "s"
    z: list = []


print(Record.first.owner, Record.first.name, Record.second.name)
print(Record.__annotations__, "x" in Record.__dict__, Record.y)


class Underscores:
    __ = 1
    ___ = 2
    __private = 3

    def get(self):
        return self.__private


print(Underscores.__, Underscores.___, Underscores().get(), "_Underscores__private" in Underscores.__dict__)
print(sorted(k for k in Underscores.__dict__ if k.strip("_") == "" or "private" in k))
