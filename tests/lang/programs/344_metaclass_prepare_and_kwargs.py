# metaclasses: __prepare__ supplies the class namespace; class keywords reach __prepare__, __new__, __init__ and __init_subclass__
class WithDefaults(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kwargs):
        print("prepare", name, kwargs)
        return {"preset": kwargs.get("preset", 0), "helper": lambda: "from prepare"}

    def __new__(mcls, name, bases, ns, **kwargs):
        print("new", name, sorted(k for k in ns if not k.startswith("__")))
        return super().__new__(mcls, name, bases, ns)

    def __init__(cls, name, bases, ns, **kwargs):
        print("init", name, kwargs)
        super().__init__(name, bases, ns)


class Model(metaclass=WithDefaults, preset=7):
    seen = preset
    value = helper()


print(Model.preset, Model.seen, Model.value)


class Plugin:
    plugins = {}

    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        Plugin.plugins[name or cls.__name__.lower()] = cls


class Alpha(Plugin, name="a"):
    pass


class Beta(Plugin):
    pass


print(sorted(Plugin.plugins), Plugin.plugins["a"] is Alpha)
try:
    class Gamma(Plugin, color="red"):
        pass
except TypeError as e:
    print("TypeError:", e)


class Tracing(type):
    def __new__(mcls, name, bases, ns, **kwargs):
        return super().__new__(mcls, name, bases, ns, **kwargs)


class Tracked(metaclass=Tracing):
    def __init_subclass__(cls, level=0):
        cls.level = level


class Deep(Tracked, level=3):
    pass


print(Deep.level, type(Deep).__name__)
print(type.__prepare__("X", ()), WithDefaults.__prepare__ is not None)


def functional_meta(name, bases, ns):
    ns["made_by_function"] = True
    return type(name, bases, ns)


class ByFunction(metaclass=functional_meta):
    pass


print(ByFunction.made_by_function, type(ByFunction) is type)


class BadPrepare(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return 5


try:
    class Broken(metaclass=BadPrepare):
        pass
except TypeError as e:
    print("TypeError:", e)


class Listing(type):
    def __dir__(cls):
        return ["zeta", "alpha"]


class Listed(metaclass=Listing):
    beta = 1


print(dir(Listed), "beta" in dir(Listed()))
