#!/usr/bin/env python3
"""Writes containers_test_data.inc for containers_test.cpp: small programs on
list, tuple, dict, set/frozenset, range, slice, the dict views and the
iterators, each with the repr of its result (or `!Type: message` for the
exception) that CPython 3.11 produces. Run it from this directory with
CPython 3.11 (it re-runs itself with PYTHONHASHSEED=0):

    python3 containers_test_data.py > containers_test_data.inc

Each case is statements whose last line is an expression; the test wraps it
exactly as wrap() does here and compares the `result` string.
"""
import os
import warnings
import sys

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

CASES = r'''
[1, 2, 3][1]
[1, 2, 3][-1]
[1, 2, 3][3]
[1, 2, 3]['a']
[1, 2, 3][True]
[1, 2, 3, 4, 5][1:4]
[1, 2, 3, 4, 5][::-2]
[1, 2, 3, 4, 5][-100:100:3]
[1, 2, 3][::0]
[1, 2, 3]['a':]
l = [1, 2, 3, 4, 5]; l[1:3] = 'xyz'; l
l = [1, 2, 3, 4, 5]; l[::2] = [7, 8, 9]; l
l = [1, 2, 3, 4, 5]; l[::2] = [7]; l
l = [1, 2, 3]; l[0:1] = 5; l
l = [1, 2, 3]; l[::2] = 5; l
l = [1, 2, 3, 4, 5, 6]; del l[::2]; l
l = [1, 2, 3, 4, 5, 6]; del l[4:1:-2]; l
l = [1, 2, 3]; del l[7]; l
l = [1, 2, 3]; l[7] = 0; l
l = [1, 2, 3]; l[5:] = [4]; l
l = [1, 2, 3]; l[:] = l; l
l = [1, 2, 3]; l[8:2:-3] = ['a']; l
l = [0, 1]; l.extend(l); l
l = [3, 1, 2]; l.insert(-10, 0); l.insert(10, 9); l
l = [3, 1, 2]; (l.pop(), l.pop(0), l)
[].pop()
[1].pop(3)
[1].pop('x')
[1, 2].remove(3)
[1, 2].index(3)
[1, 2, 1, 2].index(2, 2)
[1, 2, 1, 2].index(1, -2, -1)
[1, 2, 1, 2].count(2)
[1, 2] + [3]
[1, 2] + (3,)
[1, 2] * 3
3 * [0]
[1] * -1
[1] * 2.0
l = [1]; l += (2, 3); l *= 2; l
[1, 2] == [1, 2.0]
[1, 2] < [1, 2, 0]
[1, 3] > [1, 2, 9]
[1, 'a'] < [1, 'b']
[1, 'a'] < [1, 2]
[1] < 1
l = [1]; l.append(l); l
l = [5, 1, 4]; l.sort(); l
l = [5, 1, 4]; l.sort(reverse=True); l
l = ['bb', 'a', 'ccc']; l.sort(key=len); l
sorted([(1, 'b'), (0, 'z'), (1, 'a')])
sorted([3, 1, 2], reverse=1)
sorted([2, 'a'])
sorted([1.5, 1, True, -2])
sorted(['b', 'B', 'a', 'A'])
sorted(['é', 'e', 'z', 'ß'])
l = [3, 1, 2]; l.sort(key=lambda v: l.append(v)); l
[].sort(1)
[].sort(foo=1)
l = [1, 2, 3]; l.reverse(); l.copy()
l = [1, 2]; l.clear(); l
list.append([], 1, 2)
list.append(1, 2)
list('abc')
list(range(3))
list({'a': 1, 'b': 2})
list(5)
list(1, 2)
(1,)
()
(1, 2, 3)[1:]
(1, 2, 3)[::-1]
(1, 2, 3)[5]
(1, 2) + (3,)
(1, 2) + [3]
(1, 2) * 2
(1, 2) < (1, 3)
(1, 2) == (1, 2)
(1, 2, 3).index(4)
(1, 2, 2).count(2)
t = (1, [2]); t[1].append(3); t
hash((1, 2))
hash(())
hash((1, (2, 'x'), 1.5, True, -1))
hash(([],))
tuple([1, 2])
tuple('ab')
d = {'a': 1}; d['b'] = 2; d
d = {'a': 1}; d['z']
{}[[1]]
d = {1: 'a', 2: 'b'}; del d[1]; d
d = {}; del d[1]; d
d = {'a': 1}; (d.get('a'), d.get('b'), d.get('b', 0))
d = {'a': 1}; (d.setdefault('a', 5), d.setdefault('b', 6), d)
d = {'a': 1}; (d.pop('a'), d.pop('x', None), d)
{}.pop('k')
d = {'a': 1, 'b': 2}; (d.popitem(), d)
{}.popitem()
d = {'a': 1}; d.update({'b': 2}, c=3); d.update([('d', 4)]); d
d = {}; d.update([(1, 2, 3)]); d
d = {}; d.update([1]); d
d = {}; d.update(1); d
dict(a=1, b=2)
dict([('a', 1)], b=2)
dict({1: 2})
dict.fromkeys('abc', 0)
dict.fromkeys([1, 2])
{1: 2} | {3: 4}
{1: 2} | [3]
d = {1: 2}; d |= [(3, 4)]; d
{1: 2} == {1: 2.0}
{1: 2} != {1: 3}
{1: 2} < {1: 2}
d = {}; d[1] = 'int'; d[1.0] = 'float'; d[True] = 'bool'; d
d = {}; d['self'] = d; d
list(reversed({'a': 1, 'b': 2, 'c': 3}))
d = {'a': 1, 'b': 2}; list(reversed(d.items()))
d = {'a': 1, 'b': 2}; (d.keys(), d.values(), d.items())
{}.keys()
d = {'a': 1, 'b': 2}; ('a' in d.keys(), ('a', 1) in d.items(), ('a', 2) in d.items(), 2 in d.values())
d = {'a': 1, 'b': 2}; d.keys() & {'a', 'x'}
d = {'a': 1, 'b': 2}; {'b', 'y'} & d.keys()
d = {'a': 1, 'b': 2}; d.keys() | ['z']
d = {'a': 1, 'b': 2}; d.keys() - {'a'}
d = {'a': 1, 'b': 2}; ['a', 'q'] - d.keys()
d = {'a': 1, 'b': 2}; d.keys() ^ {'a', 'c'}
{1: 2, 3: 4}.items() ^ {3: 4, 5: 6}.items()
{1: 2}.keys() == {1}
{1: 2}.keys() <= {1, 3}
{1: 2}.items() > {(1, 2)}
{1: 2}.keys().isdisjoint([2])
{1: 2}.values() == {1: 2}.values()
len({1: 2, 3: 4}.items())
d = {1: 1}; it = iter(d); d[2] = 2; next(it)
d = {1: 1, 2: 2}; it = iter(d); del d[1]; d[3] = 3; list(it)
{3, 1, 2}
{'b', 'a', 'c'}
{(1, 2), (2, 1)}
set()
frozenset()
frozenset([3, 1])
{frozenset([1]): 2}
s = {1, 2}; s.add(3); s.discard(1); s.remove(2); s
set().remove(1)
set().pop()
s = {1, 2, 3}; (s.pop(), s)
{1, 2} | {3}
{1, 2} & {2, 3}
{1, 2} - {2}
{1, 2} ^ {2, 3}
{1, 2} | [3]
frozenset([1]) | {2}
{1} | frozenset([2])
s = {1, 2}; s |= {3}; s &= {2, 3, 4}; s -= {4}; s ^= {9}; s
s = {1}; s |= [2]; s
{1, 2}.union([3], (4,))
{1, 2, 3}.intersection([2, 3], {3, 4})
{1, 2, 3}.difference([1], {2})
{1, 2}.symmetric_difference([2, 3])
s = {1, 2, 3}; s.intersection_update([2]); s
s = {1, 2, 3}; s.difference_update([2], [3]); s
s = {1, 2}; s.symmetric_difference_update([2, 3]); s
{1, 2} <= {1, 2, 3}
{1, 2} < {1, 2}
{1, 2} == frozenset([1, 2])
{1, 2} > {1}
{1}.issubset([1, 2])
{1, 2}.issuperset([1])
{1}.isdisjoint([2])
{1} < [1]
hash(frozenset([1, 2, 3]))
hash(frozenset())
hash({1})
{[1]}
{1} in {frozenset([1])}
s = {1, 2}; it = iter(s); s.add(3); next(it)
set('abracadabra')
frozenset(frozenset([1])) 
sorted({1: 0, 3: 0} | {2: 0})
range(5)
range(1, 10, 2)
range(10, 0, -3)
list(range(10, 0, -3))
range(0, 10, 2)[1:4]
range(10)[::-1]
range(0, 10, 3)[::-1]
range(5)[-1]
range(5)[5]
range(5)['a']
len(range(0, 10, 3))
len(range(10, 0))
range(1, 2, 0)
range(1.5)
range()
3 in range(0, 10, 3)
4 in range(0, 10, 3)
3.0 in range(5)
range(10).index(3)
range(10).index(11)
range(10).count(3)
range(0) == range(5, 5)
range(0, 3, 2) == range(0, 4, 2)
hash(range(3)) == hash(range(0, 3, 1))
(range(1, 5, 2).start, range(1, 5, 2).stop, range(1, 5, 2).step)
list(reversed(range(1, 10, 3)))
slice(3)
slice(1, 2, 3)
slice(1, 2).indices(10)
slice(None, None, -1).indices(5)
slice(-100, 100, 7).indices(20)
slice(10, None, -2).indices(5)
slice(1, 2).indices(-1)
slice(1, 2) == slice(1, 2)
hash(slice(1))
[1, 2, 3][slice(1, None)]
list(enumerate('ab', 3))
list(enumerate([]))
enumerate(1)
list(zip('ab', [1, 2, 3]))
list(zip('ab', [1, 2, 3], strict=True))
list(zip([1, 2, 3], 'ab', strict=True))
list(zip([1], [2], [], strict=True))
list(zip())
list(map(lambda a, b: a * b, [1, 2, 3], [4, 5]))
list(map(str, range(3)))
map(1)
list(filter(None, [0, 1, '', 'a']))
list(filter(lambda v: v > 1, [1, 2, 3]))
list(reversed([1, 2, 3]))
list(reversed((1, 2)))
reversed({1})
reversed(1)
it = iter([1, 2]); (next(it), next(it), next(it, 'end'))
next(iter([]))
next([])
it = iter(range(3)); (list(it), list(it))
list(iter([3, 2, 1, 0, 5].pop, 1))
iter(1, 2)
e = enumerate('a'); (type(e).__name__, iter(e) is e)
(type(iter([])).__name__, type(iter(())).__name__, type(iter({})).__name__, type(iter(set())).__name__)
(type({}.keys()).__name__, type({}.values()).__name__, type({}.items()).__name__)
(type(iter({}.values())).__name__, type(iter({}.items())).__name__, type(reversed({})).__name__)
(type(reversed([])).__name__, type(iter(range(2))).__name__, type(zip()).__name__, type(map(int, [])).__name__)
[x * 2 for x in range(5) if x % 2]
(list[int], dict[str, tuple[int, ...]], tuple[()], set[list[None]], frozenset[int])
list[int]('ab')
(list[int] == list[int], list[int].__origin__, list[int].__args__)
{k: v for k, v in zip('ab', range(2))}
{x % 3 for x in range(10)}
'''

def wrap(case):
    lines = case.split("; ")
    body = lines[:-1] + ["result = repr(" + lines[-1] + ")"]
    return ("try:\n" + "".join("    " + l + "\n" for l in body) +
            "except Exception as e:\n    result = '!' + type(e).__name__ + ': ' + str(e)\n")


def main():
    warnings.simplefilter("ignore")
    print("// Generated by containers_test_data.py from CPython 3.11 (PYTHONHASHSEED=0). Do not edit.")
    print("// clang-format off")
    print("static const ProgramCase kContainerCases[] = {")
    for case in CASES.strip().split("\n"):
        case = case.strip()
        ns = {}
        exec(wrap(case), ns)
        print('  {R"CASE(%s)CASE", R"CASE(%s)CASE"},' % (case, ns["result"]))
    print("};")
    print("// clang-format on")


if __name__ == "__main__":
    main()
