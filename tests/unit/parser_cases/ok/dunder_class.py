class Vec:
    def __init__(self, *xs): self.xs = list(xs)
    def __repr__(self): return f"Vec({', '.join(map(repr, self.xs))})"
    def __add__(self, o): return Vec(*[a + b for a, b in zip(self.xs, o.xs)])
    def __radd__(self, o): return self if o == 0 else self + o
    def __getitem__(self, i): return self.xs[i]
    def __len__(self): return len(self.xs)
    def __eq__(self, o): return isinstance(o, Vec) and self.xs == o.xs
    __hash__ = None
