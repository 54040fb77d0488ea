import copy, contextlib
a = [1, [2, 3], {'k': [4]}]
b = copy.copy(a); c = copy.deepcopy(a)
a[1].append(99); a[2]['k'].append(98)
print(b, c, b[1] is a[1], c[1] is a[1])
class Node:
    def __init__(self, v): self.v = v; self.next = None
n = Node(1); n.next = n
m = copy.deepcopy(n); print(m.v, m.next is m, m is not n)
class Custom:
    def __copy__(self): return "copied"
    def __deepcopy__(self, memo): return "deep"
print(copy.copy(Custom()), copy.deepcopy([Custom()]))
@contextlib.contextmanager
def tag(name):
    print("<%s>" % name)
    try:
        yield name.upper()
    finally:
        print("</%s>" % name)
with tag("b") as t:
    print("inside", t)
try:
    with tag("x"):
        raise ValueError("oops")
except ValueError as e:
    print("caught", e)
@contextlib.contextmanager
def swallow():
    try:
        yield
    except KeyError:
        print("swallowed")
with swallow():
    raise KeyError("k")
with contextlib.nullcontext(42) as v:
    print(v)
with contextlib.suppress(ZeroDivisionError):
    1 / 0
print("after suppress")
@contextlib.contextmanager
def bad():
    yield 1
    yield 2
try:
    with bad():
        pass
except RuntimeError as e:
    print(e)
with contextlib.ExitStack() as stack:
    stack.callback(print, "cb1")
    stack.enter_context(tag("es"))
    print("body")
