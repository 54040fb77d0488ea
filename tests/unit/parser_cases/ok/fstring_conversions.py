a = f"{x!r}"
b = f"{x!s}"
c = f"{x!a}"
d = f"{x!r:>10}"
