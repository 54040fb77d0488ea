# inspect: isclass/isfunction/ismethod/isgenerator/isgeneratorfunction/isbuiltin/isroutine/ismodule, getmembers, getfullargspec, getsource, getdoc/cleandoc, unwrap, getmodule; and the function introspection they read (__code__.co_varnames, co_argcount, co_kwonlyargcount, co_flags, __defaults__, __kwdefaults__, __annotations__)
import functools
import inspect
import math


def f(a, b: int = 2, *args, c, d: str = "x", **kw) -> int:
    local = a + b
    return local


def plain(x, y=1):
    return x


def gen(n):
    yield n


class Widget:
    """A widget.

        Indented second paragraph.
    """
    size = 3

    def __init__(self):
        self.value = 1

    def method(self):
        return self.value

    @staticmethod
    def helper():
        return 0

    @classmethod
    def make(cls):
        return cls()

    @property
    def double(self):
        return self.value * 2


w = Widget()
print(inspect.isclass(Widget), inspect.isclass(w), inspect.isclass(int), inspect.isclass(3))
print(inspect.isfunction(f), inspect.isfunction(w.method), inspect.isfunction(Widget.method), inspect.isfunction(len), inspect.isfunction(lambda: 0))
print(inspect.ismethod(w.method), inspect.ismethod(Widget.method), inspect.ismethod(Widget.make), inspect.ismethod(f))
print(inspect.isgenerator(gen(1)), inspect.isgenerator(gen), inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(f))
print(inspect.isgeneratorfunction(functools.partial(gen, 1)), inspect.isgenerator(x for x in []))
print(inspect.isbuiltin(len), inspect.isbuiltin(f), inspect.isroutine(f), inspect.isroutine(len), inspect.isroutine(3))
print(inspect.ismodule(inspect), inspect.ismodule(math), inspect.ismodule(f), inspect.iscoroutinefunction(f))
print([name for name, _ in inspect.getmembers(Widget, inspect.isfunction)])
print([name for name, _ in inspect.getmembers(w) if not name.startswith('__')])
print([(name, value) for name, value in inspect.getmembers(w, lambda v: isinstance(v, int)) if not name.startswith('__')])
print(inspect.getfullargspec(f))
print(inspect.getfullargspec(plain), inspect.getfullargspec(lambda: 0))
print(inspect.getfullargspec(w.method))
print(inspect.getsource(plain), end="")
print(inspect.getsource(Widget.method), end="")
print(inspect.getsourcelines(gen))
print(inspect.getdoc(Widget))
print(repr(inspect.cleandoc("  first\n    second\n      third\n")), inspect.getdoc(plain))


def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper


wrapped = deco(deco(plain))
print(inspect.unwrap(wrapped) is plain, wrapped.__wrapped__ is not plain, wrapped.__name__)
print(inspect.getmodule(f).__name__, inspect.getmodule(Widget).__name__, inspect.getmodule(math) is math)

code = f.__code__
print(code.co_varnames, code.co_argcount, code.co_kwonlyargcount, code.co_posonlyargcount, code.co_nlocals)
print(code.co_flags, code.co_flags & inspect.CO_VARARGS, code.co_flags & inspect.CO_VARKEYWORDS, code.co_name)
print(plain.__code__.co_flags, gen.__code__.co_flags, gen.__code__.co_flags & inspect.CO_GENERATOR)


def outer():
    v = 1

    def inner(q, /, r):
        return v + q + r
    return inner


inner = outer()
print(inner.__code__.co_flags, inner.__code__.co_freevars, inner.__code__.co_posonlyargcount, inner.__qualname__)
print(f.__defaults__, f.__kwdefaults__, f.__annotations__, plain.__defaults__, plain.__kwdefaults__, plain.__annotations__)
f.__defaults__ = (5,)
print(inspect.signature(f), f(1, c=0))
f.__kwdefaults__ = {'c': 9, 'd': 'y'}
print(inspect.signature(f), f(1))
print(Widget.method.__code__.co_varnames, Widget.__init__.__code__.co_argcount)
try:
    inspect.getsource(3)
except TypeError as e:
    print("TypeError:", e)
