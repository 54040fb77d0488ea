# Exercises __getitem__/__setitem__/__delitem__/__len__/__contains__/__iter__ in a case-insensitive dict.
class CaseInsensitiveDict:
    def __init__(self, **initial):
        self._data = {}
        for k, v in initial.items():
            self[k] = v

    def __setitem__(self, key, value):
        self._data[key.lower()] = (key, value)

    def __getitem__(self, key):
        return self._data[key.lower()][1]

    def __delitem__(self, key):
        del self._data[key.lower()]

    def __contains__(self, key):
        return key.lower() in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return (orig for orig, _ in self._data.values())

    def items(self):
        return [(orig, v) for orig, v in self._data.values()]

    def __repr__(self):
        return "CID(" + ", ".join(f"{k}={v!r}" for k, v in self.items()) + ")"


headers = CaseInsensitiveDict(Host="example.com")
headers["Content-Type"] = "text/plain"
headers["ACCEPT"] = "*/*"
print(headers["host"], headers["content-type"], headers["Accept"])
print("HOST" in headers, "cookie" in headers, len(headers))
headers["content-type"] = "application/json"
print(headers, list(headers))
del headers["Accept"]
print(len(headers), list(headers))
try:
    headers["missing"]
except KeyError as exc:
    print("KeyError:", exc)
try:
    del headers["nope"]
except KeyError as exc:
    print("KeyError on delete:", exc)


class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = [0] * (w * h)

    def __getitem__(self, pos):
        x, y = pos
        return self.cells[y * self.w + x]

    def __setitem__(self, pos, value):
        x, y = pos
        self.cells[y * self.w + x] = value


g = Grid(3, 2)
g[0, 0] = 5
g[2, 1] = 7
g[1, 1] += 3
print(g.cells, g[2, 1], g[1, 1])
