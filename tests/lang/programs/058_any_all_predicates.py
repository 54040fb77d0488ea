# Exercises any/all with generators, empty iterables, short-circuiting and validation rules.
print(any([]), all([]), any([0, "", None]), all([1, "a", [0]]), any([0, 0.0, 1]))
checked = []


def check(n):
    checked.append(n)
    return n > 2


print(any(check(n) for n in [1, 2, 3, 4, 5]), checked)
checked.clear()
print(all(check(n) for n in [5, 4, 1, 6]), checked)

RULES = {
    "has letters": lambda s: any(c.isalpha() for c in s),
    "all printable": lambda s: all(32 <= ord(c) < 127 for c in s),
    "no spaces": lambda s: not any(c == " " for c in s),
    "length ok": lambda s: 3 <= len(s) <= 12,
}


def validate(username):
    failed = [name for name, rule in RULES.items() if not rule(username)]
    return "valid" if not failed else "invalid: " + ", ".join(failed)


for u in ["alice", "a b", "123", "x", "tab\tname", "averyveryverylongname"]:
    print(f"{u!r:24} {validate(u)}")
grid = [[1, 2], [3, 4], [5, 0]]
print(all(all(row) for row in grid), any(all(row) for row in grid))
print(all(a < b for a, b in zip([1, 3, 5], [2, 4, 6])), any(x % 7 == 0 for x in range(1, 7)))
