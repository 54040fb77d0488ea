# Exercises a sparse matrix stored as a dict keyed by (row, col) tuples: add, multiply, transpose, density, dense printing.
class Sparse:
    def __init__(self, rows, cols, entries=None):
        self.rows, self.cols = rows, cols
        self.data = {k: v for k, v in (entries or {}).items() if v}

    @classmethod
    def from_dense(cls, dense):
        return cls(len(dense), len(dense[0]), {(r, c): v for r, row in enumerate(dense) for c, v in enumerate(row)})

    def __getitem__(self, rc):
        return self.data.get(rc, 0)

    def __add__(self, other):
        keys = sorted(set(self.data) | set(other.data))
        return Sparse(self.rows, self.cols, {k: self[k] + other[k] for k in keys})

    def __mul__(self, other):
        out = {}
        by_row = {}
        for (r, c), v in other.data.items():
            by_row.setdefault(r, []).append((c, v))
        for (r, k), v in sorted(self.data.items()):
            for c, w in by_row.get(k, []):
                out[(r, c)] = out.get((r, c), 0) + v * w
        return Sparse(self.rows, other.cols, out)

    def transpose(self):
        return Sparse(self.cols, self.rows, {(c, r): v for (r, c), v in self.data.items()})

    def density(self):
        return len(self.data) / (self.rows * self.cols)

    def dense(self):
        return [[self[r, c] for c in range(self.cols)] for r in range(self.rows)]

    def __repr__(self):
        return f"Sparse({self.rows}x{self.cols}, nnz={len(self.data)})"


a = Sparse.from_dense([[1, 0, 0, 2], [0, 0, 3, 0], [0, 4, 0, 0]])
b = Sparse(4, 2, {(0, 0): 5, (2, 1): -1, (3, 0): 1, (3, 1): 2})
print(a, b, f"{a.density():.3f}")
print((a * b).dense(), a * b)
print(a.transpose().dense())
print((a + a).dense(), sorted((a + a).data.items())[:2])
identity = Sparse(4, 4, {(i, i): 1 for i in range(4)})
print((a * identity).dense() == a.dense(), (a * a.transpose()).dense())
print(a[1, 2], a[0, 1], sum(a.data.values()), max(a.data, key=a.data.get))
