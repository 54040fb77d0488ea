# Exercises __repr__ vs __str__: print, str(), repr(), f-string !r, containers using repr, and fallbacks.
class Money:
    def __init__(self, cents, currency="USD"):
        self.cents = cents
        self.currency = currency

    def __repr__(self):
        return f"Money({self.cents}, {self.currency!r})"

    def __str__(self):
        sign = "-" if self.cents < 0 else ""
        c = abs(self.cents)
        return f"{sign}{c // 100}.{c % 100:02d} {self.currency}"


class OnlyRepr:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return f"<OnlyRepr {self.v}>"


class OnlyStr:
    def __str__(self):
        return "only-str"


m = Money(12345)
print(m)
print(str(m), repr(m))
print(f"{m} | {m!r} | {m!s}")
print([m, Money(-5, "EUR")])
print({"price": m}, (m,))
print("%s / %r" % (m, m))
o = OnlyRepr(7)
print(o, str(o), [o], f"{o}")
print(str(OnlyStr()), f"{OnlyStr()}", "x" + str(OnlyStr()))
print(repr("quote's"), repr('dq"'), str(["a", 'b"c', "d'e"]))
print(repr(1.0), repr([1.5, None, True]), repr({"k": (1,)}), repr(()), repr((1,)))
print(format(m), "{}".format(o), "{!r}".format(m))
