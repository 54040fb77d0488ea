# Exercises function and variable annotations: __annotations__ contents, string annotations, annotated assignment.
from collections import OrderedDict


def scale(values: list, factor: float = 2.0) -> list:
    return [v * factor for v in values]


def greet(name: "str", *args: int, excited: bool = False, **kw: str) -> "str":
    return name + ("!" if excited else ".")


def plain(a, b):
    return a + b


print(scale([1, 2]), greet("Ann", excited=True))
print(scale.__annotations__)
print(greet.__annotations__)
print(plain.__annotations__)
for name, ann in scale.__annotations__.items():
    print(name, ann.__name__ if isinstance(ann, type) else repr(ann))

count: int = 5
ratio: float
label: str = "items"
print(count, label, __annotations__)


class Config:
    host: str = "localhost"
    port: int = 8080
    tags: list

    def url(self) -> str:
        return f"{self.host}:{self.port}"


print(Config.__annotations__, Config().url(), hasattr(Config, "tags"))


def typed_sum(xs: "list[int]") -> int:
    total: int = 0
    for x in xs:
        total += x
    return total


print(typed_sum([1, 2, 3]), typed_sum.__annotations__)
od: OrderedDict = OrderedDict(a=1)
print(od)
