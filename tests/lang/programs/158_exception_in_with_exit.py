# Exercises how __exit__ sees exceptions from with bodies: type/value, suppression by return value, exceptions in __exit__.
class Transaction:
    def __init__(self, name, ledger):
        self.name = name
        self.ledger = ledger
        self.pending = []

    def __enter__(self):
        print(f"  begin {self.name}")
        return self

    def add(self, amount):
        if amount < 0:
            raise ValueError(f"negative amount {amount}")
        self.pending.append(amount)

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.ledger.extend(self.pending)
            print(f"  commit {self.name}: {self.pending}")
            return False
        print(f"  rollback {self.name}: {exc_type.__name__}({exc})")
        return issubclass(exc_type, ValueError)


ledger = []
with Transaction("t1", ledger) as t:
    t.add(10)
    t.add(5)
with Transaction("t2", ledger) as t:
    t.add(7)
    t.add(-1)
    t.add(99)
try:
    with Transaction("t3", ledger) as t:
        t.add(1)
        raise KeyError("not a value error")
except KeyError as exc:
    print("propagated:", repr(exc))
print("ledger:", ledger)


class BrokenExit:
    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        raise RuntimeError("exit failed")


try:
    with BrokenExit():
        raise ValueError("body failed")
except RuntimeError as exc:
    print("got", repr(exc), "context:", repr(exc.__context__))
