# Exercises int/float/str/bool conversions, including parsing user-style input strings.
raw_inputs = ["42", "  -17 ", "3.75", "1e3", "0", "-0.0", "007", "12_000", "inf"]
for raw in raw_inputs:
    try:
        as_int = int(raw)
    except ValueError as exc:
        as_int = f"ValueError({exc})"
    as_float = float(raw)
    print(f"{raw!r:>10} int={as_int} float={as_float!r}")

print(int(3.99), int(-3.99), int(True), int(False), int("10", 2))
print(float(3), float(-0), float(True), float("  2.5\n"))
print(str(42), str(-0.5), str(True), str(None), str([1, 2]), str((1,)))
print(repr("x"), repr(3), repr(3.0), repr(None), repr([1, "b"]))
print(bool(0), bool(1), bool(-1), bool(0.0), bool(""), bool(" "), bool([]), bool([0]))
print(bool(None), bool({}), bool({0: 0}), bool(()), bool(range(0)))
print(str(10 ** 18), len(str(10 ** 18)), int(str(10 ** 18)) + 1)
print(float("-inf") < 0, str(float("nan")), int(float("12.0")))


def parse_number(text):
    text = text.strip()
    if text.lstrip("+-").isdigit():
        return int(text)
    try:
        return float(text)
    except ValueError:
        return None


for t in ["12", "-12", "+5", "1.5", "abc", "", "1.2.3", " 8 "]:
    v = parse_number(t)
    print(repr(t), "->", repr(v), type(v).__name__)
print(int("-0"), 0 == -0, str(1.0), str(1.10), str(0.1 + 0.7))
