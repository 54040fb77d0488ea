# Exercises import forms: import, import as, from-import (several names, as), module attributes and __name__.
import math
import math as m
import collections
from math import sqrt, pi as PI
from functools import reduce as fold
from itertools import chain
import os.path
import sys

print(math.__name__, m.__name__, m is math, sqrt(16), PI == math.pi)
print(fold(lambda a, b: a * b, range(1, 6)), list(chain("ab", "c")))
print(collections.OrderedDict.__name__, type(math).__name__, os.path.join("x", "y"))
print(__name__, sys.argv[0], hasattr(math, "floor"), getattr(m, "tau") == 2 * PI)


def local_import():
    import operator
    from collections import deque
    return operator.mul(6, 7), deque([1]).maxlen


print(local_import())
if __name__ == "__main__":
    print("running as a script")
