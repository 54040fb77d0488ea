# Exercises collections.OrderedDict: an LRU cache with move_to_end/popitem(last=False), equality and reordering.
from collections import OrderedDict


class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.data = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key):
        if key not in self.data:
            self.misses += 1
            return None
        self.hits += 1
        self.data.move_to_end(key)
        return self.data[key]

    def put(self, key, value):
        if key in self.data:
            self.data.move_to_end(key)
        self.data[key] = value
        if len(self.data) > self.capacity:
            evicted = self.data.popitem(last=False)
            print(f"  evicted {evicted}")

    def __repr__(self):
        return f"LRU({list(self.data.items())})"


cache = LRUCache(3)
for k, v in [("a", 1), ("b", 2), ("c", 3)]:
    cache.put(k, v)
print(cache.get("a"), cache)
cache.put("d", 4)
print(cache.get("b"), cache.get("c"), cache)
cache.put("a", 10)
cache.put("e", 5)
print(cache, cache.hits, cache.misses)
od = OrderedDict([("x", 1), ("y", 2), ("z", 3)])
od.move_to_end("x")
od.move_to_end("z", last=False)
print(od, list(od.keys()), od.popitem(), od)
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == {"b": 2, "a": 1})
print(dict(od), list(reversed(od)), od.get("y"), od.setdefault("w", 0), od)
