# Exercises polymorphic expression-tree classes: eval with environments, __str__ with precedence, simplification, derivatives.
class Expr:
    def __add__(self, other):
        return Add(self, wrap(other))

    def __radd__(self, other):
        return Add(wrap(other), self)

    def __mul__(self, other):
        return Mul(self, wrap(other))

    def __rmul__(self, other):
        return Mul(wrap(other), self)


def wrap(x):
    return x if isinstance(x, Expr) else Num(x)


class Num(Expr):
    prec = 3

    def __init__(self, v):
        self.v = v

    def eval(self, env):
        return self.v

    def diff(self, var):
        return Num(0)

    def simplify(self):
        return self

    def __str__(self):
        return str(self.v)


class Var(Expr):
    prec = 3

    def __init__(self, name):
        self.name = name

    def eval(self, env):
        return env[self.name]

    def diff(self, var):
        return Num(1 if var == self.name else 0)

    def simplify(self):
        return self

    def __str__(self):
        return self.name


class BinOp(Expr):
    def __init__(self, left, right):
        self.left, self.right = left, right

    def __str__(self):
        def side(e):
            return f"({e})" if e.prec < self.prec else str(e)
        return f"{side(self.left)} {self.symbol} {side(self.right)}"


class Add(BinOp):
    prec, symbol = 1, "+"

    def eval(self, env):
        return self.left.eval(env) + self.right.eval(env)

    def diff(self, var):
        return Add(self.left.diff(var), self.right.diff(var))

    def simplify(self):
        l, r = self.left.simplify(), self.right.simplify()
        if isinstance(l, Num) and isinstance(r, Num):
            return Num(l.v + r.v)
        if isinstance(l, Num) and l.v == 0:
            return r
        if isinstance(r, Num) and r.v == 0:
            return l
        return Add(l, r)


class Mul(BinOp):
    prec, symbol = 2, "*"

    def eval(self, env):
        return self.left.eval(env) * self.right.eval(env)

    def diff(self, var):
        return Add(Mul(self.left.diff(var), self.right), Mul(self.left, self.right.diff(var)))

    def simplify(self):
        l, r = self.left.simplify(), self.right.simplify()
        if isinstance(l, Num) and isinstance(r, Num):
            return Num(l.v * r.v)
        for a, b in ((l, r), (r, l)):
            if isinstance(a, Num) and a.v == 0:
                return Num(0)
            if isinstance(a, Num) and a.v == 1:
                return b
        return Mul(l, r)


x, y = Var("x"), Var("y")
e = 3 * x * x + 2 * (x + y) + 7
print(e)
print(e.eval({"x": 2, "y": 10}), e.eval({"x": -1.5, "y": 0}))
d = e.diff("x")
print(d)
print(d.simplify(), "|", e.diff("y").simplify(), "|", (x * 0 + 1 * y).simplify())
print([d.simplify().eval({"x": v, "y": 0}) for v in range(-2, 3)])
print(isinstance(e, BinOp), type(e).__name__, type(e.left).__name__)
