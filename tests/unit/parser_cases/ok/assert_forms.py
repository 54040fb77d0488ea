assert x
assert x, "message"
assert (x, y)
assert a == b, f"{a} != {b}"
