# Exercises __getattr__ as a fallback (only for missing attributes): proxies, defaults and attribute logging.
class Defaults:
    def __init__(self, **values):
        self.values = values
        self.real = "real attribute"

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self.values.get(name, f"<default {name}>")


d = Defaults(color="red", size=3)
print(d.color, d.size, d.weight, d.real)
print(getattr(d, "shape"), hasattr(d, "anything"), hasattr(d, "_private"))


class LoggingProxy:
    def __init__(self, target):
        self._target = target
        self._log = []

    def __getattr__(self, name):
        self._log.append(name)
        return getattr(self._target, name)


class Engine:
    def __init__(self):
        self.rpm = 800

    def start(self):
        return "vroom"

    def rev(self, amount):
        self.rpm += amount
        return self.rpm


proxy = LoggingProxy(Engine())
print(proxy.start(), proxy.rev(1200), proxy.rpm)
print(proxy._log)
try:
    proxy.fly()
except AttributeError as exc:
    print("AttributeError:", exc)


class Record:
    def __init__(self, data):
        self.__dict__["_data"] = data

    def __getattr__(self, name):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(f"no field {name!r}") from None


r = Record({"id": 7, "title": "Dune"})
print(r.id, r.title, getattr(r, "year", 1965))
try:
    r.author
except AttributeError as exc:
    print("AttributeError:", exc)
