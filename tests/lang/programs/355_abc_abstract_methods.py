# abc: ABC, abstractmethod, abstract properties, classmethods and staticmethods, __abstractmethods__, instantiation errors
from abc import ABC, ABCMeta, abstractmethod, abstractproperty, abstractclassmethod, abstractstaticmethod


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return f"{type(self).__name__}: area={self.area()} perimeter={self.perimeter()}"


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    def perimeter(self):
        return 4 * self.side


class Half(Shape):
    def area(self):
        return 1


print(sorted(Shape.__abstractmethods__), sorted(Half.__abstractmethods__), Square.__abstractmethods__)
print(Square(3).describe())
for cls in (Shape, Half):
    try:
        cls()
    except TypeError as e:
        print("TypeError:", e)
print(isinstance(Square(1), Shape), issubclass(Square, ABC), type(Shape) is ABCMeta)


class Model(ABC):
    @property
    @abstractmethod
    def name(self):
        ...

    @classmethod
    @abstractmethod
    def build(cls):
        ...

    @staticmethod
    @abstractmethod
    def version():
        ...

    def forward(self, x):
        return x


print(sorted(Model.__abstractmethods__))


class Net(Model):
    @property
    def name(self):
        return "net"

    @classmethod
    def build(cls):
        return cls()

    @staticmethod
    def version():
        return 2


n = Net.build()
print(n.name, Net.version(), n.forward(5), Net.__abstractmethods__ == frozenset())


class Partial(Model):
    @property
    def name(self):
        return "partial"


try:
    Partial()
except TypeError as e:
    print("TypeError:", e)


class Base(metaclass=ABCMeta):
    @abstractmethod
    def run(self):
        return "base run"


class Impl(Base):
    def run(self):
        return "impl + " + super().run()


print(Impl().run(), getattr(Base.run, "__isabstractmethod__", False), hasattr(Impl.run, "__isabstractmethod__"))


class Mixin(ABC):
    def helper(self):
        return "helped"


print(Mixin().helper(), Mixin.__abstractmethods__)


class WithInit(ABC):
    def __init__(self, x):
        self.x = x

    @abstractmethod
    def go(self):
        ...


try:
    WithInit(1)
except TypeError as e:
    print("TypeError:", e)


class Legacy(ABC):
    @abstractproperty
    def size(self):
        ...

    @abstractclassmethod
    def create(cls):
        ...

    @abstractstaticmethod
    def kind():
        ...


print(sorted(Legacy.__abstractmethods__))


class Modern(Legacy):
    size = 3

    @classmethod
    def create(cls):
        return cls()

    @staticmethod
    def kind():
        return "modern"


print(Modern.create().size, Modern.kind(), Modern.__abstractmethods__)
