# Exercises __eq__ and __hash__: value objects as dict keys and set members, unhashable when __eq__ only.
class Coord:
    def __init__(self, lat, lon):
        self.lat = lat
        self.lon = lon

    def __eq__(self, other):
        if not isinstance(other, Coord):
            return NotImplemented
        return (self.lat, self.lon) == (other.lat, other.lon)

    def __hash__(self):
        return hash((self.lat, self.lon))

    def __repr__(self):
        return f"Coord({self.lat}, {self.lon})"


class EqOnly:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, EqOnly) and self.v == other.v


a = Coord(51.5, -0.1)
b = Coord(51.5, -0.1)
c = Coord(40.7, -74.0)
print(a == b, a is b, a != c, a == (51.5, -0.1), hash(a) == hash(b))
names = {a: "London", c: "New York"}
print(names[b], len(names), Coord(40.7, -74.0) in names)
visits = [a, b, c, Coord(40.7, -74.0), Coord(0, 0)]
unique = set(visits)
print(len(unique), sorted(unique, key=lambda k: k.lat))
print(visits.count(a), visits.index(c), a in visits)
print(EqOnly(1) == EqOnly(1), EqOnly(1) != EqOnly(2), EqOnly.__hash__ is None)
try:
    {EqOnly(1)}
except TypeError as exc:
    print("TypeError:", exc)


class Plain:
    pass


p1, p2 = Plain(), Plain()
print(p1 == p1, p1 == p2, p1 != p2, len({p1, p2, p1}))
print(hash(5) == 5, hash(True) == 1, hash((1, 2)) == hash((1, 2)), hash("x") == hash("x"))
