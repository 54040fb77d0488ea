# dataclasses: the generated __init__'s TypeErrors (missing, unexpected, multiple values, too many positional, keyword-only) and the class-definition errors, with CPython's messages
from dataclasses import dataclass, field, fields, asdict, astuple, replace, KW_ONLY


@dataclass
class Config:
    n_layer: int = 12
    dropout: float = 0.0


@dataclass
class P:
    x: int
    y: int
    z: int
    w: int = 0


@dataclass(kw_only=True)
class KW:
    a: int
    b: int = 2


@dataclass
class Mixed:
    a: int
    _: KW_ONLY
    b: int
    c: int = 3


@dataclass
class Empty:
    pass


def attempt(what, call):
    try:
        result = call()
    except (TypeError, ValueError) as e:
        print(what, "->", type(e).__name__ + ":", e)
    else:
        print(what, "->", result)


attempt("P()", lambda: P())
attempt("P(1)", lambda: P(1))
attempt("P(1, 2)", lambda: P(1, 2))
attempt("P(1, 2, 3, 4, 5)", lambda: P(1, 2, 3, 4, 5))
attempt("P(1, 2, 3, q=4)", lambda: P(1, 2, 3, q=4))
attempt("P(1, 2, 3, x=4)", lambda: P(1, 2, 3, x=4))
attempt("P(1, 2, z=3, y=4)", lambda: P(1, 2, z=3, y=4))
attempt("P(1, 2, 3, 4, 5, q=1)", lambda: P(1, 2, 3, 4, 5, q=1))
attempt("P(1, 2, 3, 4, 5, x=1)", lambda: P(1, 2, 3, 4, 5, x=1))
attempt("Config(1, 2, 3)", lambda: Config(1, 2, 3))
attempt("Config(1, n_layer=2)", lambda: Config(1, n_layer=2))
attempt("Config(depth=2)", lambda: Config(depth=2))
attempt("Config(**{'self': 1})", lambda: Config(**{'self': 1}))
attempt("Empty(1)", lambda: Empty(1))
attempt("Empty(1, 2)", lambda: Empty(1, 2))
attempt("Empty(a=1)", lambda: Empty(a=1))
attempt("KW()", lambda: KW())
attempt("KW(1)", lambda: KW(1))
attempt("KW(1, 2, a=3)", lambda: KW(1, 2, a=3))
attempt("KW(1, a=3)", lambda: KW(1, a=3))
attempt("KW(a=1)", lambda: KW(a=1))
attempt("Mixed()", lambda: Mixed())
attempt("Mixed(1)", lambda: Mixed(1))
attempt("Mixed(1, 2)", lambda: Mixed(1, 2))
attempt("Mixed(1, b=2)", lambda: Mixed(1, b=2))
attempt("Mixed(1, 2, 3, b=4, c=5)", lambda: Mixed(1, 2, 3, b=4, c=5))


def define(what, make):
    try:
        cls = make()
    except (TypeError, ValueError) as e:
        print(what, "->", type(e).__name__ + ":", e)
    else:
        print(what, "->", cls.__name__)


def mutable_list():
    @dataclass
    class Bad:
        items: list = []
    return Bad


def mutable_dict():
    @dataclass
    class Bad:
        table: dict = {}
    return Bad


def mutable_set():
    @dataclass
    class Bad:
        seen: set = set()
    return Bad


def order_of_defaults():
    @dataclass
    class Bad:
        a: int = 1
        b: int
    return Bad


def order_without_eq():
    @dataclass(order=True, eq=False)
    class Bad:
        a: int
    return Bad


def field_without_annotation():
    @dataclass
    class Bad:
        a = field(default=1)
    return Bad


def two_kw_only_markers():
    @dataclass
    class Bad:
        a: int
        _: KW_ONLY
        b: int
        __: KW_ONLY
    return Bad


def tuple_default_is_fine():
    @dataclass
    class Fine:
        shape: tuple = (1, 2)
        name: str = "x"
        frozen: frozenset = frozenset()
    return Fine


define("list default", mutable_list)
define("dict default", mutable_dict)
define("set default", mutable_set)
define("default before non-default", order_of_defaults)
define("order without eq", order_without_eq)
define("field without annotation", field_without_annotation)
define("two KW_ONLY", two_kw_only_markers)
define("tuple default", tuple_default_is_fine)
attempt("field(default=1, default_factory=list)", lambda: field(default=1, default_factory=list))
attempt("fields(3)", lambda: fields(3))
attempt("fields(Config)", lambda: len(fields(Config)))
attempt("asdict(Config)", lambda: asdict(Config))
attempt("astuple([1])", lambda: astuple([1]))
attempt("replace(3)", lambda: replace(3))
attempt("replace(Config(), depth=1)", lambda: replace(Config(), depth=1))
