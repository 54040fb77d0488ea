# Exercises type annotations kept at runtime: annotated class fields, function signatures, local annotated assignments, __annotations__.
class Order:
    order_id: int
    customer: str
    total: float = 0.0
    tags: "list[str]"

    def __init__(self, order_id: int, customer: str, total: float = 0.0) -> None:
        self.order_id = order_id
        self.customer = customer
        self.total = total

    def apply_discount(self, percent: float) -> "Order":
        factor: float = 1 - percent / 100
        return Order(self.order_id, self.customer, round(self.total * factor, 2))


def describe(fn) -> str:
    ann = fn.__annotations__
    parts = []
    for name, kind in ann.items():
        label = kind.__name__ if isinstance(kind, type) else str(kind)
        parts.append(f"{name}: {label}")
    return f"{fn.__name__}(" + ", ".join(parts) + ")"


def validate(obj, cls) -> list:
    problems: list = []
    for field, kind in cls.__annotations__.items():
        if not isinstance(kind, type):
            continue
        if not hasattr(obj, field):
            problems.append(f"{field} missing")
        elif not isinstance(getattr(obj, field), kind):
            problems.append(f"{field} should be {kind.__name__}")
    return problems


print(Order.__annotations__)
print(describe(Order.__init__))
print(describe(Order.apply_discount))
print(describe(describe), describe(validate))
good = Order(1, "ann", 120.0)
bad = Order("2", "bo", 99)
print(validate(good, Order), validate(bad, Order))
cheaper = good.apply_discount(15)
print(cheaper.total, type(cheaper).__name__, Order.total, hasattr(Order, "tags"))
count: int = 0
for o in (good, bad, cheaper):
    count += 1
print(count, __annotations__)
