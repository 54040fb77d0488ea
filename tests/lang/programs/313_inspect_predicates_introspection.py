# inspect: isclass/isfunction/ismethod/isgenerator/isgeneratorfunction/isbuiltin/isroutine/ismodule, getmembers, getfullargspec, getcallargs, getclosurevars, getattr_static, getgeneratorstate, get_annotations, getcomments, getframeinfo/stack, getsource (functions, classes, modules), getdoc/cleandoc, unwrap, getmodule; and the function introspection they read (__code__.co_varnames, co_argcount, co_kwonlyargcount, co_flags, __defaults__, __kwdefaults__, __annotations__)
import functools
import inspect
import math
import sys


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
print(inspect.ismethod(object().__eq__), inspect.ismethod([].append), inspect.isbuiltin([].append), inspect.isbuiltin(w.method))
print(inspect.isroutine(object().__eq__), inspect.isroutine(object.__eq__), inspect.isroutine(Widget.double))
print([name for name, _ in inspect.getmembers(w, inspect.ismethod)])


# ---- call arguments, closures, static lookup, generator state, frames ----
def f(a, b=2, *args, c, d=4, **kw):
    return a
print(inspect.getcallargs(f, 1, c=3), inspect.getcallargs(f, 1, 2, 3, 4, c=5, e=6))
def g(x, y, z=0):
    pass
for call in [lambda: inspect.getcallargs(g), lambda: inspect.getcallargs(g, 1), lambda: inspect.getcallargs(g, 1, 2, 3, 4), lambda: inspect.getcallargs(g, 1, q=2), lambda: inspect.getcallargs(g, 1, x=2), lambda: inspect.getcallargs(f, 1)]:
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)
class K:
    def m(self, v): return v
print(inspect.getcallargs(K().m, 5) == {'self': inspect.getcallargs(K().m, 5)['self'], 'v': 5})
scale = 3
def outer():
    base = 10
    def inner(x):
        return base + scale * len(x) + missing_name
    return inner
cv = inspect.getclosurevars(outer())
print(cv.nonlocals, cv.globals, sorted(cv.builtins), cv.unbound)
class P:
    @property
    def value(self):
        return 1
    cls_attr = 5
p = P()
p.__dict__['value'] = 'shadow'
p.__dict__['own'] = 7
print(type(inspect.getattr_static(p, 'value')).__name__, inspect.getattr_static(p, 'own'), inspect.getattr_static(p, 'cls_attr'), inspect.getattr_static(p, 'nope', 'dflt'))
try:
    inspect.getattr_static(p, 'nope')
except AttributeError as e:
    print("AttributeError:", e)
def gen():
    yield 1
    yield 2
gi = gen()
print(inspect.getgeneratorstate(gi))
next(gi)
print(inspect.getgeneratorstate(gi))
list(gi)
print(inspect.getgeneratorstate(gi))
print(inspect.getmro(bool), inspect.getmodulename("/a/b/mod.py"), inspect.getmodulename("x.txt"), inspect.indentsize("\t  x"))
print(inspect.getargs(f.__code__))
# A comment about h
# on two lines
def h():
    pass
print(repr(inspect.getcomments(h)), inspect.getcomments(g))
class Ann:
    a: int
    b: "str" = "x"
class AnnChild(Ann):
    c: float
print(inspect.get_annotations(Ann), inspect.get_annotations(AnnChild), inspect.get_annotations(f), inspect.get_annotations(g))
fi = inspect.getframeinfo(sys._getframe(0))
print(fi.lineno, fi.function, fi.code_context, fi.index, fi.filename.rsplit('/')[-1])
def where():
    return [(x.function, x.lineno) for x in inspect.stack()[:2]]
print(where())
print(inspect.currentframe().f_code.co_name)


# ---- source of classes and modules ----

# The config class.
@functools.total_ordering
class Config:
    """Docs."""
    size = 3

    class Nested:
        def method(self):
            return 1

    def __lt__(self, other):
        return False

    def run(self):
        return (
            1
        )


def factory():
    class Local:
        x = 1
    return Local


print(inspect.getsource(Config), end="")
print(inspect.getsourcelines(Config.Nested)[1], inspect.getsource(Config.Nested), end="")
print(inspect.getsource(Config.run), end="")
print(inspect.getsource(factory()), end="")
print(repr(inspect.getcomments(Config)))
print(inspect.getsource(sys.modules[__name__]).splitlines()[0], inspect.getsourcelines(sys.modules[__name__])[1])
try:
    inspect.getsource(int)
except TypeError as e:
    print("TypeError:", e)
