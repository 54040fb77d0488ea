# Exercises assert with and without messages, computed messages, and catching AssertionError in a validator.
def validate_order(order):
    assert isinstance(order, dict), "order must be a dict"
    assert "id" in order, f"order has no id: {sorted(order)}"
    assert order.get("qty", 0) > 0, f"qty must be positive, got {order.get('qty')}"
    assert order["qty"] <= 100
    return f"order {order['id']} ok"


orders = [
    {"id": 1, "qty": 5},
    ["not", "a", "dict"],
    {"qty": 2},
    {"id": 2, "qty": 0},
    {"id": 3, "qty": 500},
    {"id": 4, "qty": 100},
]
for o in orders:
    try:
        print(validate_order(o))
    except AssertionError as exc:
        print(f"invalid: {exc!r} / str={str(exc)!r} / args={exc.args}")
assert True, "never shown"
assert 1 + 1 == 2
x = 10
try:
    assert x < 5, ("tuple", "message", x)
except AssertionError as exc:
    print(exc.args[0], type(exc.args[0]).__name__)
try:
    assert [], "empty list is falsy"
except AssertionError as exc:
    print(exc)
