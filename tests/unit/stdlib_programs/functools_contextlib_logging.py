import functools, itertools, operator, contextlib, copy, logging, sys
from functools import partial
def f(a, b=2, *args, c=3, **kw): return (a, b, args, c, kw)
p = partial(f, 1, c=10); print(p(), p(5, 6, 7, z=1), partial(p, 2)(), partial(p, c=99)())
print(repr(partial(f)).split(' at ')[0], repr(partial(f, 1, x=2)).split('>')[1])
class Callable:
    def __call__(self, x): return x * 2
    def __repr__(self): return "Callable()"
print(partial(Callable(), 4)(), repr(partial(Callable(), 4)), repr(partial(len, [1])))
print(functools.reduce(lambda acc, x: acc + [x * 2], [1, 2, 3], []), functools.reduce(max, [3, 9, 2]))
@functools.lru_cache(maxsize=2)
def g(x, y=1): return x + y
g(1); g(1, y=1); g(1, 1); g(2); g(1); print(g.cache_info())
@functools.cache
def h(n): return n * 2
[h(i % 3) for i in range(10)]; print(h.cache_info(), h.__name__)
print(list(itertools.accumulate(range(1, 6), lambda a, b: a * b)))
print(list(itertools.zip_longest([1, 2, 3], 'ab', [True])))
print([list(g) for k, g in itertools.groupby([1, 1, 2, 3, 3, 3], key=lambda x: x % 2)])
print(list(itertools.islice(itertools.count(0.5, 0.25), 4)), list(itertools.islice(itertools.cycle([1, 2, 3]), 7)))
a, b = itertools.tee(iter([1, 2, 3])); print(list(a), list(b))
print(next(itertools.permutations('abc')), len(list(itertools.product(range(3), repeat=3))))
print(list(map(operator.itemgetter(1), [(1, 'a'), (2, 'b')])), list(map(operator.mul, [1, 2], [3, 4])))
print(operator.ipow(2, 5), operator.floordiv(7, 2), operator.mod(-7, 3), operator.xor(5, 3), operator.lshift(1, 4), operator.inv(0))
lst = [1, 2, 3]; operator.setitem(lst, 0, 9); operator.delitem(lst, 1); print(lst, operator.contains(lst, 9), operator.countOf([1, 1, 2], 1))
print(operator.is_(None, None), operator.is_not(1, None), operator.index(True), operator.abs(-2.5), operator.pos(-1))
print(operator.__add__(1, 2), operator.__not__(1), operator.length_hint([1, 2, 3]), operator.truediv(1, 4))
stack = []
class CM:
    def __init__(self, n): self.n = n
    def __enter__(self): stack.append(self.n); return self.n
    def __exit__(self, *a): print("exit", self.n, a[0].__name__ if a[0] else None); return False
with contextlib.ExitStack() as es:
    for i in range(3):
        es.enter_context(CM(i))
    print(stack)
try:
    with contextlib.ExitStack() as es:
        es.enter_context(CM(9))
        raise ValueError("inner")
except ValueError as e:
    print("propagated", e)
@contextlib.contextmanager
def managed(x):
    yield x
with managed(5) as v, managed(6) as w:
    print(v + w)
@managed(1)
def decorated():
    return "ran"
print(decorated())
class Thing:
    def close(self): print("closed thing")
with contextlib.closing(Thing()) as t:
    print(type(t).__name__)
class Rec:
    def __init__(self): self.items = [1, {'a': (2, [3])}]; self.me = self
r2 = copy.deepcopy(Rec()); print(r2.me is r2, r2.items)
t1 = (1, 2, [3]); t2 = copy.deepcopy(t1); print(t2, t2 is t1, t2[2] is t1[2], copy.copy(t1) is t1)
logging.basicConfig(format="%(levelname)-8s|%(name)s|%(message)s", level="DEBUG", stream=sys.stdout)
lg = logging.getLogger("x")
lg.debug("a %s b %r", "s", "r"); lg.critical("crit"); lg.log(15, "lvl15"); lg.warning("pct %%d literal")
lg.info("dict %(k)s", {"k": "v"})
lg2 = lg.getChild("y"); lg2.info("child %d", 1); print(lg2.name, lg2.parent is lg)
null = logging.getLogger("quiet"); null.addHandler(logging.NullHandler()); null.propagate = False; null.error("nothing")
print(logging.getLevelName("WARNING"), logging.getLevelName(5), logging.WARN, logging.FATAL)
