a = f"{x:{width}.{prec}f}"
b = f"{x:>{w}}"
c = f"{x:{w}}"
d = f"a{x!r:>{w}.{p}f}b" "c"
