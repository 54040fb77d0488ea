import itertools as m
def run(m):
    out = []
    def t(name, *a, take=None, **k):
        try:
            r = getattr(m, name)(*a, **k)
            if take is not None:
                r = m.islice(r, take)
            if name == 'groupby':
                r = [(kk, list(g)) for kk, g in r]
            elif name == 'tee':
                r = [list(x) for x in r]
            out.append((name, a, list(r)))
        except Exception as e:
            out.append((name, a, type(e).__name__, str(e)))
    t('count', take=5); t('count', 3, 2, take=4); t('count', 1.5, 0.25, take=4); t('count', 'a')
    t('cycle', [1,2,3], take=8); t('cycle', [], take=3)
    t('repeat', 'x', 3); t('repeat', 'x', -1); t('repeat', 7, take=3)
    t('accumulate', [1,2,3,4]); t('accumulate', [1,2,3], initial=100); t('accumulate', []); t('accumulate', [], initial=5)
    t('accumulate', [3,1,4,1,5], max); t('accumulate', [1,2,3], lambda a, b: a*b)
    t('chain', [1,2], 'ab', (3,)); t('chain'); t('chain', 1)
    t('compress', 'ABCDEF', [1,0,1,0,1,1]); t('compress', 'ABC', [1])
    t('dropwhile', lambda x: x < 5, [1,4,6,4,1]); t('takewhile', lambda x: x < 5, [1,4,6,4,1])
    t('filterfalse', lambda x: x % 2, range(10)); t('filterfalse', None, [0, 1, '', 'a'])
    t('starmap', pow, [(2,5), (3,2), (10,3)])
    t('groupby', 'AAAABBBCCDAABBB'); t('groupby', [1,2,3,4,5,6], key=lambda x: x // 3); t('groupby', [])
    for args in [(10,), (2, 8), (2, None), (0, 10, 3), (1, 9, 2), (None,), (None, None, None), (5, 2), (-1,), (1, -1), (-1, 3), (0, 5, 0), ('a',), (1, 'a'), (0, 5, 'x'), (3.0,)]:
        t('islice', 'ABCDEFGHIJ', *args)
    t('islice', 'AB'); t('islice', 5, 1)
    t('pairwise', 'ABCDE'); t('pairwise', 'A'); t('pairwise', '')
    t('zip_longest', 'ABCD', 'xy', fillvalue='-'); t('zip_longest', [1,2], [3]); t('zip_longest'); t('zip_longest', [], [])
    t('product', 'ABCD', 'xy'); t('product', range(2), repeat=3); t('product'); t('product', [], [1]); t('product', [1,2], repeat=0); t('product', [1], repeat=-1)
    t('permutations', 'ABCD', 2); t('permutations', range(3)); t('permutations', [], 0); t('permutations', [1,2], 3); t('permutations', [1,2], -1); t('permutations', [1,2], 1.5)
    t('combinations', 'ABCD', 2); t('combinations', range(4), 3); t('combinations', [1], 2); t('combinations', [1,2], 0); t('combinations', [1,2], -2)
    t('combinations_with_replacement', 'ABC', 2); t('combinations_with_replacement', [], 2); t('combinations_with_replacement', [], 0); t('combinations_with_replacement', [1,2], 3)
    t('tee', [1,2,3]); t('tee', 'abc', 3); t('tee', [1], 0); t('tee', [1], -1)
    out.append(list(m.chain.from_iterable(['ab', 'cd'])))
    out.append(repr(m.count(5)) + repr(m.count(1.5, 0.5)) + repr(m.repeat(3, 2)) + repr(m.repeat('a')) + repr(m.count(2, 1.0)))
    c = m.count(); next(c); out.append(repr(c))
    # islice consumption
    it = iter(range(10)); list(m.islice(it, 0, 5, 3)); out.append(next(it))
    it = iter(range(10)); list(m.islice(it, 3)); out.append(next(it))
    it = iter(range(10)); list(m.islice(it, 2, 4)); out.append(next(it))
    # groupby stale groups
    groups = [(k, g) for k, g in m.groupby('aabbc')]
    out.append([list(g) for k, g in groups])
    g = m.groupby('aaabbb'); k1, g1 = next(g); next(g1); k2, g2 = next(g); out.append((k1, list(g1), k2, list(g2)))
    return out


for x in run(m):
    if isinstance(x, tuple) and len(x) >= 2 and any(callable(v) for v in x[1]):
        x = (x[0],) + x[2:]
    print(x)
import itertools as it
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ':', e)
for c in [lambda: it.count(1,2,3), lambda: it.count(x=1), lambda: it.repeat(1,2,3), lambda: it.repeat(1, x=2), lambda: list(it.repeat(object=1, times=2)),
 lambda: it.combinations(), lambda: it.combinations([1], 2, 3), lambda: list(it.combinations(iterable=[1], r=1)), lambda: it.combinations_with_replacement([1]),
 lambda: it.permutations(), lambda: it.permutations([1], 2, 3), lambda: it.accumulate(), lambda: it.accumulate([1], x=1),
 lambda: it.compress([1]), lambda: it.dropwhile(len), lambda: it.starmap(len), lambda: it.pairwise(), lambda: it.groupby(), lambda: it.product([1], x=1), lambda: it.zip_longest([1], x=1), lambda: it.tee(), lambda: it.chain(x=1),
 lambda: it.filterfalse(len), lambda: it.takewhile(len), lambda: it.accumulate([1], None, 3), lambda: it.accumulate([1], func=None, initial=None, x=3), lambda: it.groupby([1], None, 3), lambda: it.compress([1],[1],[1]),
 lambda: it.count(1, start=2), lambda: it.tee([1], 2, 3), lambda: it.dropwhile(len, [1], 3), lambda: it.dropwhile(len, x=[1]), lambda: it.cycle([1], x=1), lambda: it.pairwise([1], x=1), lambda: list(it.accumulate(iterable=[1])), lambda: repr(it.repeat(times=3, object='a')), lambda: repr(it.count(step=2)), lambda: list(it.permutations([1,2], r=None)), lambda: [list(x) for x in it.tee([1,2], 2)],
 lambda: type(it.count()).__name__, lambda: type(it.chain()).__name__, lambda: it.chain, lambda: iter(it.count()) is not None, lambda: next(it.repeat(5)), lambda: list(it.islice(it.count(2**62, 2**61), 2)), lambda: it.repeat('x', 3).__length_hint__()]:
    t(c)
a, b, c = it.tee(range(5), 3)
print(next(a), next(a), list(b), list(a), list(c))
g = it.groupby('aabbbc')
k1, g1 = next(g); k2, g2 = next(g); print(k1, list(g1), k2, list(g2))
