# Exercises nested list comprehensions for matrix multiply, transpose, identity and flattening.
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def transpose(m):
    return [[row[c] for row in m] for c in range(len(m[0]))]


def matmul(a, b):
    bt = transpose(b)
    return [[sum(x * y for x, y in zip(row, col)) for col in bt] for row in a]


def show(name, m):
    print(name)
    for row in m:
        print("  " + " ".join(f"{v:>4}" for v in row))


A = [[1, 2, 3], [4, 5, 6]]
B = [[7, 8], [9, 10], [11, 12]]
show("A", A)
show("A^T", transpose(A))
show("A*B", matmul(A, B))
show("B*A", matmul(B, A))
show("I3", identity(3))
print(matmul(A, identity(3)) == A)
flat = [x for row in A for x in row]
print(flat)
pairs = [(i, j) for i in range(3) for j in range(i)]
print(pairs)
table = [[i * j for j in range(1, 6)] for i in range(1, 6)]
show("times", table)
print([[x for x in row if x % 2 == 0] for row in table])
power = identity(2)
fib_step = [[1, 1], [1, 0]]
for _ in range(10):
    power = matmul(power, fib_step)
print(power)
