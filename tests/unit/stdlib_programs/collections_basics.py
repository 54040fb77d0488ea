from collections import OrderedDict, defaultdict, namedtuple, deque, Counter, ChainMap
od = OrderedDict(); od['b'] = 1; od['a'] = 2; od['c'] = 3
print(od, list(od), od.popitem(), od.popitem(last=False), od)
od = OrderedDict([('x', 1), ('y', 2)]); od.move_to_end('x'); print(od, isinstance(od, dict), od == {'y': 2, 'x': 1})
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), dict(od), {**od}, len(od), 'x' in od)
dd = defaultdict(list)
for w in "apple banana avocado cherry blueberry".split():
    dd[w[0]].append(w)
print(dd, dict(dd), dd['z'], sorted(dd), isinstance(dd, dict))
cnt = defaultdict(int)
for ch in "mississippi": cnt[ch] += 1
print(cnt, cnt.default_factory)
Point = namedtuple('Point', 'x y')
p = Point(1, y=2); print(p, p.x, p[1], p._asdict(), p._replace(x=5), Point._fields, Point._make([3, 4]))
x, y = p; print(x, y, p == (1, 2), isinstance(p, tuple), hash(p) == hash((1, 2)), len(p), p + (3,))
P3 = namedtuple('P3', ['a', 'b', 'c'], defaults=[0, 9]); print(P3(1), P3._field_defaults)
d = deque([1, 2, 3], maxlen=5); d.append(4); d.appendleft(0); d.append(5); print(d, d.maxlen)
d.rotate(2); print(d, d.pop(), d.popleft(), d); d.extend([7, 8]); d.extendleft([-1]); print(d, list(reversed(d)))
print(d[0], d[-1], 7 in d, d.count(7), d.index(7), len(d))
c = Counter("abracadabra"); print(c, c.most_common(2), c['z'], sum(c.values()))
c.update("aaa"); c.subtract({'b': 1}); print(c, c + Counter("zz"), c - Counter("a"), list(c.elements())[:5])
cm = ChainMap({'a': 1}, {'a': 2, 'b': 3}); print(cm['a'], cm['b'], len(cm), sorted(cm))
try:
    deque().pop()
except IndexError as e:
    print(e)
print(repr(deque()), repr(OrderedDict()), repr(Counter()), repr(defaultdict()))
