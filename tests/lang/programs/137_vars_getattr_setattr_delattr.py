# Exercises vars(), getattr/setattr/hasattr/delattr with defaults and dynamic attribute names in a record class.
class Record:
    def __init__(self, **fields):
        for name, value in fields.items():
            setattr(self, name, value)

    def update(self, changes):
        for name, value in changes.items():
            if not hasattr(self, name):
                print(f"  adding new field {name!r}")
            setattr(self, name, value)

    def drop(self, *names):
        for name in names:
            if hasattr(self, name):
                delattr(self, name)
            else:
                print(f"  cannot drop {name!r}")


r = Record(id=1, name="Widget", price=9.5)
print(vars(r))
print(getattr(r, "name"), getattr(r, "color", "n/a"), hasattr(r, "price"), hasattr(r, "color"))
r.update({"price": 11.0, "color": "red"})
print(vars(r))
r.drop("color", "weight")
print(vars(r), sorted(vars(r)))
fields = ["id", "name", "price"]
print([getattr(r, f) for f in fields])
print(", ".join(f"{k}={v!r}" for k, v in vars(r).items()))
try:
    getattr(r, "missing")
except AttributeError as exc:
    print("AttributeError:", exc)
try:
    delattr(r, "missing")
except AttributeError as exc:
    print("AttributeError:", exc)
vars(r)["injected"] = True
print(r.injected, r.__dict__ is vars(r))
setattr(Record, "kind", "class-level")
print(r.kind, getattr(Record, "kind"), "kind" in vars(r))
method = getattr(r, "update")
method({"id": 2})
print(r.id, callable(method))
