# metaclasses: __new__ and __init__ of a type subclass, type(cls), inheritance of the metaclass, class keywords
class Meta(type):
    def __new__(mcls, name, bases, ns, **kwargs):
        print("Meta.__new__", mcls.__name__, name, [b.__name__ for b in bases], sorted(k for k in ns if not k.startswith("__")), kwargs)
        ns["created_by"] = mcls.__name__
        cls = super().__new__(mcls, name, bases, ns)
        cls.tag = kwargs.get("tag", "none")
        return cls

    def __init__(cls, name, bases, ns, **kwargs):
        print("Meta.__init__", name, kwargs)
        super().__init__(name, bases, ns)

    def describe(cls):
        return f"{cls.__name__} tagged {cls.tag}"


class Base(metaclass=Meta):
    x = 1

    def hello(self):
        return "hello from " + type(self).__name__


class Child(Base, tag="child"):
    y = 2


print(type(Base).__name__, type(Child).__name__)
print(type(Base) is Meta, isinstance(Child, Meta), isinstance(Child, type))
print(Base.created_by, Child.created_by, Base.tag, Child.tag)
print(Base.describe(), Child.describe())
print(Child().hello(), Child.x, Child.y)
print(issubclass(Meta, type), Meta.__mro__ == (Meta, type, object))
print(Child.__mro__ == (Child, Base, object))
print(repr(Base).replace(__name__, "M"))


class Plain:
    pass


print(type(Plain) is type, type(type) is type)


class Counting(type):
    count = 0

    def __new__(mcls, name, bases, ns):
        Counting.count += 1
        return super().__new__(mcls, name, bases, ns)


class A(metaclass=Counting):
    pass


class B(A):
    pass


class C(B):
    pass


print(Counting.count, type(C).__name__)


class Sub(Counting):
    pass


class D(C, metaclass=Sub):
    pass


print(type(D).__name__, Counting.count)
try:
    class Other(type):
        pass

    class E(C, metaclass=Other):
        pass
except TypeError as e:
    print("TypeError:", e)
