#!/usr/bin/env python3
"""Writes builtins_test_data.inc for builtins_test.cpp: small programs calling
the built-in functions (print into a capturing file object, len, min/max, sum,
sorted, the numeric and reflection helpers, iter/next, ...) with the repr of
the result, or `!Type: message` for the exception, that CPython 3.11 gives.
Run it from this directory with CPython 3.11 (it re-runs itself with
PYTHONHASHSEED=0):

    python3 builtins_test_data.py > builtins_test_data.inc

Each case is statements separated by "; " whose last part is an expression;
the test wraps it exactly as wrap() does here. `W` is a class whose write()
records what print writes.
"""
import os
import sys
import warnings

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

PRELUDE = """class W:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
    def flush(self):
        self.parts.append('<flush>')
class Num:
    def __init__(self, v):
        self.v = v
    def __abs__(self):
        return 'abs!'
    def __round__(self, n=None):
        return ('round', n)
    def __divmod__(self, o):
        return ('divmod', o)
    def __rdivmod__(self, o):
        return ('rdivmod', o)
    def __pow__(self, e, m=None):
        return ('pow', e, m)
    def __index__(self):
        return self.v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return 'Num(%d)' % self.v
"""

CASES = r'''
w = W(); print('a', 1, None, sep='-', end='!', file=w); w.parts
w = W(); print(file=w); w.parts
w = W(); print('x', file=w, flush=True); w.parts
w = W(); print(1, 2, sep=None, end=None, file=w); w.parts
print(1, sep=1)
print(1, end=2)
print(1, foo=2)
len([1, 2])
len('héllo')
len({1: 2})
len(range(3))
len(5)
len()
len([], [])
min(3, 1, 2)
max([1, 5, 2])
max('hello')
min([], default=7)
max([], default=None)
max([])
min(1, 2, default=0)
max(1, 2, key=lambda v: -v)
min([(1, 'b'), (1, 'a')])
max([1, 2], foo=3)
max()
max(1)
min('a', 1)
max([Num(3), Num(7), Num(5)])
max([2, 3, 3.0], key=None)
sum([1, 2, 3])
sum([1, 2.5])
sum([0.1] * 10)
sum([[1], [2]], [])
sum([1], start=10)
sum(['a'], '')
sum([1, 'a'])
sum()
sum((True, True, 3))
sorted([3, 1, 2])
sorted('cba', reverse=True)
sorted([1, 2], key=1)
sorted()
sorted([1], [2])
abs(-5)
abs(-2.5)
abs(True)
abs(Num(1))
abs('x')
round(2.5)
round(3.5)
round(2.675, 2)
round(1234, -2)
round(-0.5)
round(Num(1))
round(Num(1), 3)
round('x')
round(1.5, None)
divmod(7, 2)
divmod(-7, 2)
divmod(7.5, 2)
divmod(7, 0)
divmod(Num(1), 2)
divmod(2, Num(1))
divmod('a', 1)
pow(2, 10)
pow(2, -2)
pow(3, 4, 5)
pow(3, -1, 7)
pow(2.0, 3, 5)
pow(Num(2), 3, 4)
pow('a', 2)
pow(base=2, exp=5)
pow(2)
any([0, '', None])
any(x > 1 for x in [1, 2])
all([1, 'a'])
all([])
any(5)
isinstance(True, int)
isinstance(1, (str, (float, int)))
isinstance(1, 'int')
isinstance(1, (int, 'x'))
issubclass(bool, int)
issubclass(int, (str, object))
issubclass(1, int)
issubclass(int, 1)
hash(1) == hash(1.0) == hash(True)
hash('abc')
hash((1, 'a'))
hash([1])
id(1) == id(1)
callable(len)
callable(1)
callable(W)
getattr([], 'append').__name__
getattr(1, 'nope', 'dflt')
getattr(1, 'nope')
getattr(1, 2)
w = W(); setattr(w, 'x', 5); (w.x, hasattr(w, 'x'), hasattr(w, 'y'))
w = W(); w.x = 1; delattr(w, 'x'); hasattr(w, 'x')
setattr(1, 'x', 2)
hasattr(1, 2)
it = iter([1, 2]); (next(it), next(it), next(it, 'end'))
next(iter([]))
next([1])
next(iter([]), 1, 2)
iter(5)
iter(5, 1)
list(iter([5, 4, 3].pop, 4))
chr(65)
chr(0x20ac)
chr(-1)
chr('a')
ord('a')
ord('€')
ord('ab')
ord(5)
hex(255)
hex(-255)
oct(8)
bin(-5)
hex(Num(10))
hex(1.5)
format(255, 'x')
format(3.14159, '.2f')
format('ab', '>4')
format(1, 2)
format(1.5, 'd')
repr('a\n')
repr([1, 'b'])
ascii('é€😀')
ascii(['ü'])
vars(W())
vars(1)
w = W(); w.a = 1; sorted(vars(w))
sorted(n for n in dir([]) if not n.startswith('_'))
'append' in dir(list)
sorted(k for k in dir(W()) if not k.startswith('_'))
list(enumerate('ab'))
list(zip('ab', 'cd'))
list(map(abs, [-1, -2]))
list(filter(None, [0, 1]))
list(reversed('abc'))
(type(enumerate).__name__, type(zip).__name__, type(map).__name__, type(filter).__name__, type(reversed).__name__)
open('_builtins_test_no_such_file')
exec('1')
eval('1')
compile('1', 'f', 'exec')
'''


def wrap(case):
    lines = case.split("; ")
    body = lines[:-1] + ["result = repr(" + lines[-1] + ")"]
    return (PRELUDE + "try:\n" + "".join("    " + l + "\n" for l in body) +
            "except Exception as e:\n    result = '!' + type(e).__name__ + ': ' + str(e)\n")


# The refc message for the constructs outside the subset (LANGUAGE.md).
REFC_MESSAGES = {
    "exec('1')": "!NotImplementedError: exec() is not supported by refc",
    "eval('1')": "!NotImplementedError: eval() is not supported by refc",
    "compile('1', 'f', 'exec')": "!NotImplementedError: compile() is not supported by refc",
}


def main():
    warnings.simplefilter("ignore")
    print("// Generated by builtins_test_data.py from CPython 3.11 (PYTHONHASHSEED=0). Do not edit.")
    print("// clang-format off")
    print('static const char kPrelude[] = R"CASE(%s)CASE";' % PRELUDE)
    print("static const ProgramCase kBuiltinCases[] = {")
    for case in CASES.strip().split("\n"):
        case = case.strip()
        if case in REFC_MESSAGES:
            result = REFC_MESSAGES[case]
        else:
            ns = {}
            exec(wrap(case), ns)
            result = ns["result"]
        print('  {R"CASE(%s)CASE", R"CASE(%s)CASE"},' % (case, result))
    print("};")
    print("// clang-format on")


if __name__ == "__main__":
    main()
