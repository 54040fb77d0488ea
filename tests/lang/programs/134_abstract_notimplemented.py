# Exercises abstract-style base classes that raise NotImplementedError, and subclasses fulfilling the contract.
class Storage:
    def save(self, key, value):
        raise NotImplementedError(f"{type(self).__name__}.save is not implemented")

    def load(self, key):
        raise NotImplementedError

    def save_many(self, items):
        for k, v in items.items():
            self.save(k, v)
        return len(items)


class MemoryStorage(Storage):
    def __init__(self):
        self.data = {}

    def save(self, key, value):
        self.data[key] = value

    def load(self, key):
        return self.data.get(key)


class HalfDone(Storage):
    def save(self, key, value):
        print(f"  pretending to save {key}")


stores = [MemoryStorage(), HalfDone(), Storage()]
for s in stores:
    name = type(s).__name__
    try:
        n = s.save_many({"a": 1, "b": 2})
        print(name, "saved", n)
        print(name, "loaded", s.load("a"))
    except NotImplementedError as exc:
        print(name, "NotImplementedError:", exc if str(exc) else "(no message)")
print(issubclass(NotImplementedError, RuntimeError), NotImplemented is not NotImplementedError)
print(repr(NotImplemented), type(NotImplemented).__name__)
