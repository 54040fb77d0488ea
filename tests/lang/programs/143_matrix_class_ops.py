# Exercises a Matrix class with __add__/__mul__/__matmul__-free multiply, __eq__, __getitem__ with tuples, determinant and transpose.
class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
        self.n = len(self.rows)
        self.m = len(self.rows[0]) if self.rows else 0

    @classmethod
    def identity(cls, n):
        return cls([[int(i == j) for j in range(n)] for i in range(n)])

    def __getitem__(self, pos):
        i, j = pos
        return self.rows[i][j]

    def __add__(self, other):
        return Matrix([[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(self.rows, other.rows)])

    def __mul__(self, other):
        if isinstance(other, (int, float)):
            return Matrix([[a * other for a in r] for r in self.rows])
        if self.m != other.n:
            raise ValueError(f"shape mismatch: {self.n}x{self.m} * {other.n}x{other.m}")
        cols = list(zip(*other.rows))
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])

    __rmul__ = __mul__

    def __eq__(self, other):
        return isinstance(other, Matrix) and self.rows == other.rows

    def transpose(self):
        return Matrix(zip(*self.rows))

    def det(self):
        if self.n == 1:
            return self.rows[0][0]
        if self.n == 2:
            (a, b), (c, d) = self.rows
            return a * d - b * c
        total = 0
        for j in range(self.m):
            minor = Matrix([r[:j] + r[j + 1:] for r in self.rows[1:]])
            total += (-1) ** j * self.rows[0][j] * minor.det()
        return total

    def __repr__(self):
        width = max(len(str(v)) for r in self.rows for v in r)
        return "\n".join("[" + " ".join(str(v).rjust(width) for v in r) + "]" for r in self.rows)


A = Matrix([[2, 0, 1], [1, 3, 2], [1, 1, 1]])
B = Matrix([[1, 2], [0, 1], [4, 0]])
print(A * B)
print(A.transpose())
print(A + A == A * 2, 2 * A == A * 2, A * Matrix.identity(3) == A)
print(A.det(), Matrix([[4, 7], [2, 6]]).det(), Matrix([[1, 2, 3], [4, 5, 6], [7, 8, 9]]).det())
print(A[1, 2], B.transpose()[1, 0], (B.n, B.m))
try:
    B * B
except ValueError as exc:
    print("ValueError:", exc)
P = Matrix([[1, 1], [1, 0]])
R = Matrix.identity(2)
for _ in range(20):
    R = R * P
print(R, R.det())
