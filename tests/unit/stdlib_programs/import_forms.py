import os.path
import os.path as osp
from os import path, environ, sep
from os.path import join as pjoin
import sys, math as m, random as rnd
print(os.path is osp, path is os.path, pjoin("a", "b"), sep, type(environ).__name__, sys.modules["os.path"] is os.path)
print(sorted(k for k in sys.modules if k in ("os", "os.path", "math", "random", "sys")))
from collections import *
print(deque, OrderedDict)
import traceback
try:
    1 / 0
except ZeroDivisionError:
    print(traceback.format_exc().splitlines()[-1], traceback.format_exception_only(ZeroDivisionError("x")))
    print(sys.exc_info()[0].__name__, type(sys.exception()).__name__)
print(sys.exc_info(), sys.exception())
