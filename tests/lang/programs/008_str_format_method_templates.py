# Exercises str.format with positional, indexed, keyword, attribute and item fields plus specs.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(3, -4)
print("{} + {} = {}".format(2, 3, 2 + 3))
print("{0}{1}{0}".format("ab", "cd"))
print("{name} is {age} years old".format(name="Ada", age=36))
print("Point({0.x}, {0.y})".format(p))
print("first={0[0]} last={0[2]}".format(["a", "b", "c"]))
print("{d[k]} and {d[n]}".format(d={"k": "value", "n": 5}))
print("{:>8}|{:<8}|{:^8}|".format("r", "l", "c"))
print("{:08.3f} {:+.2e} {:,}".format(3.14159, 12345.678, 9876543210))
print("{0:x} {0:o} {0:b} {0:#X}".format(3054))
print("{!r} {!s}".format("quoted", "plain"))
print("{{escaped}} {}".format("ok"))

TEMPLATE = "{code:<6}{desc:.<20}{amount:>10.2f}"
rows = [
    {"code": "A1", "desc": "Apples", "amount": 3.5},
    {"code": "B22", "desc": "Bananas, ripe", "amount": 12.25},
    {"code": "C333", "desc": "Cherries", "amount": 100},
]
for row in rows:
    print(TEMPLATE.format(**row))
print(format(0.125, ".1%"), format(42, "06d"), format("x", "^5"), format(7))
print(format(1e-7), format(123.456, "g"), format(-8, "b"))
fmt = "{:{align}{width}}".format
print(fmt("dyn", align=">", width=7) + "|")
