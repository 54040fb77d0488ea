# metaclasses: iterating, len, indexing, `in`, repr, str and attribute hooks on a class find the metaclass's methods
class Registry(type):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        cls._items = [k for k in ns if not k.startswith("_")]
        return cls

    def __iter__(cls):
        return iter(cls._items)

    def __len__(cls):
        return len(cls._items)

    def __getitem__(cls, key):
        if isinstance(key, int):
            return cls._items[key]
        return getattr(cls, key)

    def __contains__(cls, name):
        return name in cls._items

    def __repr__(cls):
        return f"<registry {cls.__name__} of {len(cls)}>"

    def __str__(cls):
        return f"Registry({cls.__name__})"

    def __getattr__(cls, name):
        if name.startswith("get_"):
            return lambda: "generated " + name[4:]
        raise AttributeError(f"{cls.__name__} has no {name}")

    @property
    def size(cls):
        return len(cls._items)


class Colors(metaclass=Registry):
    red = 1
    green = 2
    blue = 3


print(list(Colors), len(Colors), Colors[0], Colors["green"])
print("red" in Colors, "pink" in Colors)
print(repr(Colors), str(Colors), f"{Colors!r}")
print(Colors, [Colors])
print(Colors.get_red(), Colors.size)
try:
    Colors.missing
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(Colors, "missing"), getattr(Colors, "missing", "dflt"))
print(sorted(Colors), max(Colors), list(enumerate(Colors)))
for i, name in enumerate(Colors):
    print(i, name, Colors[name])
print(bool(Colors))
instance = Colors()
try:
    len(instance)
except TypeError as e:
    print("TypeError:", e)
try:
    iter(instance)
except TypeError as e:
    print("TypeError:", e)


class Ordered(type):
    def __lt__(cls, other):
        return cls.rank < other.rank

    def __eq__(cls, other):
        return isinstance(other, Ordered) and cls.rank == other.rank

    def __hash__(cls):
        return cls.rank


class Low(metaclass=Ordered):
    rank = 1


class High(metaclass=Ordered):
    rank = 5


print(Low < High, High < Low, Low == High, sorted([High, Low]) == [Low, High])
print({Low: "low", High: "high"}[High])
