# Exercises backtracking search for N-Queens with sets for attacked columns/diagonals, counting and board printing.
def solve(n, limit=None):
    solutions = []
    cols, diag1, diag2 = set(), set(), set()
    placement = []

    def place(row):
        if limit is not None and len(solutions) >= limit:
            return
        if row == n:
            solutions.append(list(placement))
            return
        for c in range(n):
            if c in cols or (row - c) in diag1 or (row + c) in diag2:
                continue
            cols.add(c)
            diag1.add(row - c)
            diag2.add(row + c)
            placement.append(c)
            place(row + 1)
            placement.pop()
            cols.remove(c)
            diag1.remove(row - c)
            diag2.remove(row + c)

    place(0)
    return solutions


def board(solution):
    n = len(solution)
    return "\n".join(" ".join("Q" if c == col else "." for c in range(n)) for col in solution)


print([len(solve(n)) for n in range(1, 9)])
first = solve(8, limit=1)[0]
print(first)
print(board(first))
six = solve(6)
for s in six:
    print(s, "mirror:", [5 - c for c in s] in six)
