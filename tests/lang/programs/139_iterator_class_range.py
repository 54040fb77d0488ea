# Exercises a float range class with __iter__/__len__/__getitem__/__contains__/__reversed__-free reversal via indexing.
class FloatRange:
    def __init__(self, start, stop, step=1.0):
        if step == 0:
            raise ValueError("step must not be zero")
        self.start, self.stop, self.step = start, stop, step

    def __len__(self):
        n = int((self.stop - self.start) / self.step)
        if self.start + n * self.step != self.stop and (self.stop - self.start) / self.step > n:
            n += 1
        return max(0, n)

    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("FloatRange index out of range")
        return round(self.start + i * self.step, 10)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, x):
        return any(abs(v - x) < 1e-9 for v in self)

    def __repr__(self):
        return f"FloatRange({self.start}, {self.stop}, {self.step})"


r = FloatRange(0, 1, 0.25)
print(r, len(r), list(r), r[0], r[-1], 0.5 in r, 0.6 in r)
print(list(FloatRange(1, 0, -0.3)), len(FloatRange(0, 1, 0.1)), list(FloatRange(0, 1, 0.1))[-3:])
print(list(FloatRange(5, 5)), len(FloatRange(2, 1)), sum(FloatRange(0, 10, 2.5)))
print([r[i] for i in range(len(r) - 1, -1, -1)])
try:
    r[10]
except IndexError as exc:
    print("IndexError:", exc)
try:
    FloatRange(0, 1, 0)
except ValueError as exc:
    print("ValueError:", exc)


class Legacy:
    def __getitem__(self, i):
        if i >= 4:
            raise IndexError
        return i * i


print(list(Legacy()), 9 in Legacy(), [x for x in Legacy() if x])
