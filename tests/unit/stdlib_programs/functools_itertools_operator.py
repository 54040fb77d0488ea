import functools, itertools, operator
from functools import partial, reduce, lru_cache, wraps
print(reduce(operator.add, range(10)), reduce(lambda a, b: a * b, [1, 2, 3, 4], 10))
def power(base, exp): return base ** exp
sq = partial(power, exp=2); print(sq(7), sq.func is power, sq.args, sq.keywords)
print(repr(partial(power, 2)).startswith("functools.partial(<function power at 0x"))
@lru_cache(maxsize=None)
def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), fib.cache_info())
@lru_cache(maxsize=3)
def sq2(n): return n * n
for i in [1, 2, 3, 1, 4, 1, 2]: sq2(i)
print(sq2.cache_info()); sq2.cache_clear(); print(sq2.cache_info())
def deco(f):
    @wraps(f)
    def inner(*a): return f(*a)
    return inner
@deco
def hello():
    "doc"
    return 1
print(hello.__name__, hello.__doc__, hello.__wrapped__.__name__)
print(list(itertools.islice(itertools.count(10, 3), 5)), list(itertools.repeat('x', 3)))
print(list(itertools.chain([1, 2], 'ab')), list(itertools.chain.from_iterable([[1], [2, 3]])))
print(list(itertools.product('ab', repeat=2)), list(itertools.permutations([1, 2, 3], 2)))
print(list(itertools.combinations('abcd', 2)), list(itertools.combinations_with_replacement('ab', 2)))
print(list(itertools.accumulate([1, 2, 3, 4])), list(itertools.accumulate([1, 2, 3], operator.mul, initial=5)))
print([(k, list(g)) for k, g in itertools.groupby('aaabbc')], list(itertools.zip_longest('abc', [1], fillvalue=0)))
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])), list(itertools.compress('abcd', [1, 0, 1, 0])), list(itertools.pairwise('abcd')))
print(list(itertools.filterfalse(lambda x: x % 2, range(8))), list(itertools.islice('abcdefg', 1, 6, 2)), list(itertools.islice(itertools.cycle('ab'), 5)))
print(sorted([('a', 3), ('b', 1), ('c', 2)], key=operator.itemgetter(1)), operator.itemgetter(0, 2)('abc'))
class O:
    def __init__(self): self.x = 5; self.child = self
    def m(self, a, k=0): return a + k
print(operator.attrgetter('x')(O()), operator.attrgetter('child.x', 'x')(O()), operator.methodcaller('m', 1, k=2)(O()))
print(operator.add(1, 2), operator.mul('a', 3), operator.neg(5), operator.not_(0), operator.truth(1), operator.lt(1, 2), operator.getitem([1, 2], 1))
print(operator.itemgetter(1), operator.attrgetter('a', 'b.c'), operator.methodcaller('f', 1, k='v'))
try:
    list(itertools.islice([1], -1))
except ValueError as e:
    print(e)
try:
    reduce(operator.add, [])
except TypeError as e:
    print(e)
@functools.total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(2))
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
