# metaclasses: __setattr__/__delattr__ on classes, validation of class bodies, and a registry of subclasses
class Frozen(type):
    def __setattr__(cls, name, value):
        if name.isupper():
            raise AttributeError(f"cannot rebind constant {name!r}")
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name.isupper():
            raise AttributeError(f"cannot delete constant {name!r}")
        super().__delattr__(name)


class Settings(metaclass=Frozen):
    DEBUG = False
    level = 1


Settings.level = 2
Settings.extra = "x"
print(Settings.level, Settings.extra)
for action in ("set", "del"):
    try:
        if action == "set":
            Settings.DEBUG = True
        else:
            del Settings.DEBUG
    except AttributeError as e:
        print("AttributeError:", e)
del Settings.extra
print(hasattr(Settings, "extra"), Settings.DEBUG)


class Validated(type):
    def __new__(mcls, name, bases, ns):
        for key, value in ns.items():
            if key.startswith("test_") and not callable(value):
                raise TypeError(f"{name}.{key} must be callable")
        return super().__new__(mcls, name, bases, ns)


class Suite(metaclass=Validated):
    def test_one(self):
        return 1


try:
    class Broken(metaclass=Validated):
        test_two = 2
except TypeError as e:
    print("TypeError:", e)


class Registered(type):
    registry = {}

    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        if bases:
            Registered.registry[name] = cls

    @classmethod
    def create(mcls, name, *args):
        return mcls.registry[name](*args)


class Layer(metaclass=Registered):
    def __init__(self, size):
        self.size = size

    def __repr__(self):
        return f"{type(self).__name__}({self.size})"


class Linear(Layer):
    pass


class Conv(Layer):
    pass


print(sorted(Registered.registry))
print([Registered.create(n, i) for i, n in enumerate(["Linear", "Conv"])])
print(Layer.__name__, Linear.__qualname__, Conv.__module__)
