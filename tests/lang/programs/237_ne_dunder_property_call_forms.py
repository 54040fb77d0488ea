# Exercises an explicit __ne__ (not derived from __eq__), and property()/staticmethod()/classmethod() used as plain calls.
class Tolerant:
    def __init__(self, value, tol=0.01):
        self.value = value
        self.tol = tol

    def __eq__(self, other):
        print(f"  __eq__({self.value}, {other.value})")
        return abs(self.value - other.value) <= self.tol

    def __ne__(self, other):
        print(f"  __ne__({self.value}, {other.value})")
        return abs(self.value - other.value) > 10 * self.tol

    def __repr__(self):
        return f"T({self.value})"


x, y, z = Tolerant(1.0), Tolerant(1.005), Tolerant(1.05)
print(x == y, x != y)
print(x == z, x != z)
print(x != Tolerant(2.0))


class Account:
    def _get_balance(self):
        return self._balance

    def _set_balance(self, value):
        if value < 0:
            raise ValueError("negative balance")
        self._balance = value

    balance = property(_get_balance, _set_balance, None, "The balance in cents.")

    def _rate(amount):
        return amount * 0.02

    rate = staticmethod(_rate)

    def _make(cls, start):
        acct = cls()
        acct.balance = start
        return acct

    open = classmethod(_make)


acct = Account.open(500)
print(acct.balance, Account.rate(1000), acct.rate(50), type(Account.balance).__name__, Account.balance.__doc__)
acct.balance = 750
print(acct.balance)
try:
    acct.balance = -1
except ValueError as exc:
    print("ValueError:", exc)
