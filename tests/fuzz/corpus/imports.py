import math
import math as m
from functools import reduce, partial as p
from collections import defaultdict, OrderedDict, namedtuple, deque
from itertools import chain, product, count, islice, repeat
import operator, copy, random, time, sys, os, logging
