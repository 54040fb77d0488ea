# metaclasses: __call__ controls instance creation (singletons, counters, argument checks) and super().__call__
class Singleton(type):
    _instances = {}

    def __call__(cls, *args, **kwargs):
        if cls not in Singleton._instances:
            print("creating", cls.__name__, args, kwargs)
            Singleton._instances[cls] = super().__call__(*args, **kwargs)
        return Singleton._instances[cls]


class Config(metaclass=Singleton):
    def __init__(self, name="default"):
        self.name = name


a = Config("first")
b = Config("second")
print(a is b, a.name, b.name)


class Counted(type):
    def __call__(cls, *args, **kwargs):
        obj = super().__call__(*args, **kwargs)
        cls.instances = getattr(cls, "instances", 0) + 1
        return obj


class Point(metaclass=Counted):
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


pts = [Point(i, i * i) for i in range(4)]
print(pts, Point.instances)


class Strict(type):
    def __call__(cls, *args, **kwargs):
        if args:
            raise TypeError(f"{cls.__name__}() takes keyword arguments only")
        return super().__call__(**kwargs)


class Options(metaclass=Strict):
    def __init__(self, **kw):
        self.kw = kw


print(Options(lr=0.1, momentum=0.9).kw)
try:
    Options(1, 2)
except TypeError as e:
    print("TypeError:", e)


class Factory(type):
    def __call__(cls, kind):
        for sub in cls.registry:
            if sub.kind == kind:
                return type.__call__(sub)
        raise ValueError(f"no {cls.__name__} of kind {kind!r}")


class Shape(metaclass=Factory):
    registry = []
    kind = None

    def __init_subclass__(cls):
        Shape.registry.append(cls)


class Square(Shape):
    kind = "square"


class Circle(Shape):
    kind = "circle"


s = Shape("circle")
print(type(s).__name__, isinstance(s, Shape))
try:
    Shape("hexagon")
except ValueError as e:
    print("ValueError:", e)
print(callable(Shape), callable(Singleton))
