# Exercises __lt__/__le__/__gt__/__ge__ and __eq__ on a Version class used by sorted, min, max and comparisons.
class Version:
    def __init__(self, text):
        self.text = text
        main, _, pre = text.partition("-")
        self.parts = tuple(int(p) for p in main.split("."))
        self.pre = pre

    def key(self):
        return (self.parts, self.pre == "", self.pre)

    def __eq__(self, other):
        return self.key() == other.key()

    def __lt__(self, other):
        return self.key() < other.key()

    def __le__(self, other):
        return self.key() <= other.key()

    def __gt__(self, other):
        return self.key() > other.key()

    def __ge__(self, other):
        return self.key() >= other.key()

    def __repr__(self):
        return f"v{self.text}"


versions = [Version(t) for t in ["1.10.0", "1.2.0", "1.2.0-rc1", "2.0", "1.2", "0.9.9", "1.2.0-beta"]]
print(sorted(versions))
print(sorted(versions, reverse=True)[:3])
print(min(versions), max(versions))
a, b = Version("1.2.0"), Version("1.10.0")
print(a < b, a <= b, a > b, a >= b, a == Version("1.2.0"), a != b)
print(Version("1.2.0-rc1") < Version("1.2.0"), Version("1.2.0-beta") < Version("1.2.0-rc1"))
print(Version("3.0") > Version("2.9.9") >= Version("2.9.9"))


class Reverse:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v > other.v

    def __repr__(self):
        return f"R{self.v}"


print(sorted([Reverse(n) for n in [3, 1, 2]]), Reverse(1) > Reverse(5))
