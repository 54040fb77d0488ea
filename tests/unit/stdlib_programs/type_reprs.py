import collections, functools
print(collections.Counter, collections.OrderedDict, collections.defaultdict, collections.deque, functools.partial, collections.namedtuple("X", "a"), type(functools.lru_cache(len)))
print(collections.Counter.__module__, collections.Counter.__qualname__, collections.deque.__module__)
