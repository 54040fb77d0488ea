# Exercises truthiness of builtin values and user objects (__bool__, __len__ fallback) in conditions.
class Empty:
    pass


class Box:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        print(f"  __bool__ called on Flag({self.on})")
        return self.on


samples = [0, 1, -1, 0.0, 0.5, "", "0", [], [[]], (), (0,), {}, {"": 0}, set(), None, range(0), range(3)]
print([bool(s) for s in samples])
print(bool(Empty()), bool(Box([])), bool(Box([1])), len(Box("abc")))
if Flag(True):
    print("flag was true")
if not Flag(False):
    print("flag was false")
print(Flag(False) or "fallback")
print([x for x in [Box([]), Box([0]), 0, "x"] if x].__len__())
values = ["", "text", 0, 42, None, [], [0]]
print([v for v in values if v], [v for v in values if not v])
print(not None, not [], not "a", not not 5)
count = 3
while count:
    count -= 1
print(count, "" or [] or 0, 5 and 6 and 7, [] and 1)
