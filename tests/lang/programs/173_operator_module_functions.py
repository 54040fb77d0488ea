# Exercises the operator module's function forms of arithmetic, comparison, logical and sequence operators.
import operator as op

a, b = 17, 5
table = [
    ("add", op.add), ("sub", op.sub), ("mul", op.mul), ("truediv", op.truediv),
    ("floordiv", op.floordiv), ("mod", op.mod), ("pow", op.pow), ("lshift", op.lshift),
    ("and_", op.and_), ("or_", op.or_), ("xor", op.xor),
]
for name, fn in table:
    print(f"{name:<9} {fn(a, b)!r:<20} {fn(-a, b)!r}")
print(op.neg(3), op.pos(-3), op.abs(-7), op.not_(0), op.truth([]), op.invert(5), op.index(7))
print(op.lt(1, 2), op.le(2, 2), op.eq("a", "a"), op.ne(1, 1.0), op.gt(3, 2), op.ge(1, 2))
print(op.contains([1, 2], 2), op.concat([1], [2]), op.getitem("hello", 1), op.countOf([1, 2, 1], 1), op.indexOf("abc", "c"))
d = {"a": 1}
op.setitem(d, "b", 2)
op.delitem(d, "a")
print(d, op.is_(None, None), op.is_not(1, None))
calc = {"+": op.add, "-": op.sub, "*": op.mul, "/": op.truediv, "^": op.pow}


def rpn(expr):
    stack = []
    for tok in expr.split():
        if tok in calc:
            y, x = stack.pop(), stack.pop()
            stack.append(calc[tok](x, y))
        else:
            stack.append(float(tok) if "." in tok else int(tok))
    return stack[0]


for e in ["3 4 + 2 *", "5 1 2 + 4 * + 3 -", "2 3 ^ 1.5 /", "10 3 -"]:
    print(f"{e:<22} = {rpn(e)}")
x = [1, 2]
x = op.iadd(x, [3])
print(x, op.imul("ab", 2))
