# gc: reference cycles (instances, a self-calling closure, a self-containing list, a long ring) are found and freed; enable/disable, thresholds, DEBUG_SAVEALL and gc.garbage, get_stats, CPython's argument errors.
import gc
print(gc.isenabled(), gc.get_threshold())
class Node:
    pass
def make():
    a = Node(); b = Node(); a.other = b; b.other = a
    return None
make()
print(gc.collect() > 0, gc.collect())
def rec():
    def f(n):
        return 0 if n == 0 else f(n - 1)
    return f(3)
rec()
print(gc.collect() > 0)
l = []; l.append(l)
del l
print(gc.collect() > 0)
gc.disable(); print(gc.isenabled()); gc.enable()
try: gc.collect(3)
except ValueError as e: print(e)
try: gc.set_threshold()
except TypeError as e: print(e)
try: gc.enable(1)
except TypeError as e: print(e)
try: gc.collect(1, 2)
except TypeError as e: print(e)
gc.set_debug(gc.DEBUG_SAVEALL)
x = []; x.append(x); del x
print(gc.collect() > 0, len(gc.garbage) > 0, type(gc.garbage[0]))
gc.set_debug(0); print(gc.get_debug(), gc.DEBUG_LEAK)
print(len(gc.get_stats()), sorted(gc.get_stats()[2]))
class Ring:
    def __init__(self, prev):
        self.prev = prev
first = Ring(None)
node = first
for i in range(100000):
    node = Ring(node)
first.prev = node
del first, node
print(gc.collect() >= 100000)
gc.set_threshold(500, 5)
print(gc.get_threshold())
gc.set_threshold(700, 10, 10)
