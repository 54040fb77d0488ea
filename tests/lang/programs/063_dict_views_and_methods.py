# Exercises dict views (keys/values/items are live), get, pop, popitem, setdefault, update, fromkeys, clear.
stock = {"apple": 5, "pear": 0, "fig": 12}
keys, values, items = stock.keys(), stock.values(), stock.items()
print(keys, values, items)
stock["kiwi"] = 7
print(keys, len(values), ("kiwi", 7) in items, "pear" in keys, 12 in values)
print(stock.get("apple"), stock.get("mango"), stock.get("mango", -1))
print(stock.pop("pear"), stock.pop("nothing", "default"), stock)
print(stock.popitem(), stock)
print(stock.setdefault("fig", 100), stock.setdefault("lime", 3), stock)
stock.update({"apple": 50, "plum": 1})
stock.update([("grape", 9)], lemon=4)
print(stock)
print(list(keys), list(values)[:3], list(items)[-1])
print(sorted(keys), sum(values), max(items, key=lambda kv: kv[1]))
print(dict.fromkeys(["a", "b"], 0), dict.fromkeys("xy"), dict(a=1, b=2), dict([("k", "v")]))
print(keys & {"apple", "zzz"}, sorted(keys - {"apple"}), sorted(keys | {"new"})[:2])
snapshot = dict(stock)
stock.clear()
print(stock, len(snapshot), list(keys), bool(stock))
d = {1: "a"}
d[1.0] = "b"
d[True] = "c"
print(d, {(1, 2): "tuple key"}[(1, 2)])
try:
    print(stock["missing"])
except KeyError as exc:
    print("KeyError", exc, repr(exc))
print(list(reversed(snapshot.keys()))[:2], list(snapshot)[0])
