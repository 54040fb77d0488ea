# abc: register() adds virtual subclasses that isinstance/issubclass accept; __subclasshook__; ABCMeta on its own
from abc import ABC, ABCMeta, abstractmethod


class Drawable(ABC):
    @abstractmethod
    def draw(self):
        ...


class Sprite:
    def draw(self):
        return "sprite"


class Text:
    pass


print(isinstance(Sprite(), Drawable), issubclass(Sprite, Drawable))
r = Drawable.register(Sprite)
print(r is Sprite, isinstance(Sprite(), Drawable), issubclass(Sprite, Drawable))
print(isinstance(Text(), Drawable), Drawable in Sprite.__mro__)


class BigSprite(Sprite):
    pass


print(issubclass(BigSprite, Drawable), isinstance(BigSprite(), (int, Drawable)))


@Drawable.register
class Line:
    pass


print(Line.__name__, isinstance(Line(), Drawable))
Drawable.register(int)
print(isinstance(3, Drawable), issubclass(bool, Drawable), isinstance("s", Drawable))


class Sized(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return any("__len__" in B.__dict__ for B in C.__mro__)
        return NotImplemented


class Bag:
    def __len__(self):
        return 0


print(issubclass(Bag, Sized), isinstance(Bag(), Sized), isinstance(Text(), Sized), issubclass(list, Sized))


class Root(metaclass=ABCMeta):
    pass


class Branch(Root):
    pass


class Foreign:
    pass


Branch.register(Foreign)
print(issubclass(Foreign, Branch), issubclass(Foreign, Root), isinstance(Foreign(), Root))
try:
    Root.register(5)
except TypeError as e:
    print("TypeError:", e)
try:
    issubclass(5, Root)
except TypeError as e:
    print("TypeError:", e)
try:
    Branch.register(Root)
except RuntimeError as e:
    print("RuntimeError:", e)
print(Root.register(Branch) is Branch, isinstance(Branch(), Root))
import abc
token = abc.get_cache_token()
Root.register(Text)
print(abc.get_cache_token() > token, isinstance(Text(), Root), type(Root._abc_impl).__name__)
