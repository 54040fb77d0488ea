# inspect: signature() of functions, lambdas, methods, classes, callable instances, functools.partial and wrapped functions; str() and repr() of Signature and Parameter, parameter kinds, defaults, annotations, return_annotation
import functools
import inspect
from typing import Dict, List, Optional


def f(a, b: int = 2, *args, c, d: str = "x", **kw) -> Optional[int]:
    return a


sig = inspect.signature(f)
print(sig)
print(repr(sig))
for name, p in sig.parameters.items():
    print(name, p.kind, int(p.kind), p.kind.description, p.default is inspect.Parameter.empty, p.annotation, repr(p))
print(sig.return_annotation, list(sig.parameters), len(sig.parameters), 'a' in sig.parameters, sig.parameters['d'].default)
print(sig.parameters['a'].annotation is inspect.Parameter.empty, sig.parameters['a'].annotation)
print(tuple(sig.parameters.keys()), [str(p) for p in sig.parameters.values()])


def g(x, y, /, z=3, *, w): pass
def h(*, only): pass
def empty(): pass
def defaults(a=None, b=(1, 2), c="s", d=1.5, e=[], f={}): pass
def typed(model: "Model", data: List[Dict[str, float]], device: str = "cpu") -> None: pass


for fn in (g, h, empty, defaults, typed, lambda x, *a: 0, lambda: None, lambda **k: k):
    print(fn.__name__, inspect.signature(fn))
print(inspect.signature(g).parameters['x'].kind, inspect.signature(h).parameters['only'].kind)


class Model:
    def __init__(self, dim: int, depth: int = 2) -> None:
        self.dim = dim

    def forward(self, x, mask=None):
        return x

    def __call__(self, *inputs, **kwargs):
        return self.forward(*inputs, **kwargs)

    @staticmethod
    def build(cfg: dict) -> "Model":
        return Model(1)

    @classmethod
    def from_config(cls, cfg, strict=True):
        return cls(1)


m = Model(4)
print(inspect.signature(Model), inspect.signature(Model.forward), inspect.signature(m.forward))
print(inspect.signature(m), inspect.signature(Model.build), inspect.signature(Model.from_config))
print(inspect.signature(Model.__init__))


class NoInit:
    pass


class InheritsInit(Model):
    pass


class WithNew:
    def __new__(cls, value, *, flag=False):
        return super().__new__(cls)


print(inspect.signature(NoInit), inspect.signature(InheritsInit), inspect.signature(WithNew))

base = functools.partial(f, 1, c=3)
print(inspect.signature(base))
print(inspect.signature(functools.partial(g, 1)), inspect.signature(functools.partial(defaults, b=5)))


def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper


@deco
def wrapped(u, v=5) -> int:
    return u


print(inspect.signature(wrapped), inspect.signature(wrapped, follow_wrapped=False))
print(inspect.Signature.from_callable(f) == sig, inspect.signature(f) == inspect.signature(f), hash(sig) == hash(inspect.signature(f)))


def custom(*args, **kwargs):
    pass


custom.__signature__ = inspect.Signature([inspect.Parameter("alpha", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=0.5)])
print(inspect.signature(custom))

P = inspect.Parameter
built = inspect.Signature([P('a', P.POSITIONAL_ONLY), P('b', P.POSITIONAL_OR_KEYWORD, default=1),
                           P('rest', P.VAR_POSITIONAL), P('k', P.KEYWORD_ONLY, annotation=int),
                           P('opts', P.VAR_KEYWORD)], return_annotation=str)
print(built, built.replace(return_annotation=inspect.Signature.empty))
print(built.replace(parameters=list(built.parameters.values())[:2]))
print(P('x', P.POSITIONAL_OR_KEYWORD, default=3).replace(name='y', annotation=float))
print(P('x', 1) == P('x', 1), P('x', 1) == P('x', 3), P('x', 2), P('x', 4, annotation=Dict[str, int]))
print(P.POSITIONAL_ONLY < P.KEYWORD_ONLY, P.VAR_KEYWORD == 4, repr(P.KEYWORD_ONLY), str(P.VAR_POSITIONAL))
print(P.empty, inspect.Parameter.empty is inspect.Signature.empty, inspect.signature(empty).parameters)
print(inspect.signature(f).parameters)


class CallMeta(type):
    def __call__(cls, value, *, flag=False):
        return super().__call__()


class WithMeta(metaclass=CallMeta):
    def __init__(self):
        pass


print(inspect.signature(WithMeta), inspect.signature(CallMeta.__call__))
