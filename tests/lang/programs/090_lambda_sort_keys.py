# Exercises lambdas as sort keys, in dict dispatch tables, immediately-invoked, and capturing defaults.
inventory = [
    {"sku": "B-2", "qty": 0, "price": 9.5},
    {"sku": "A-10", "qty": 12, "price": 3.25},
    {"sku": "A-2", "qty": 12, "price": 7.0},
    {"sku": "C-1", "qty": 4, "price": 9.5},
]
print([i["sku"] for i in sorted(inventory, key=lambda i: i["price"])])
print([i["sku"] for i in sorted(inventory, key=lambda i: (-i["qty"], i["sku"]))])
print([i["sku"] for i in sorted(inventory, key=lambda i: (i["sku"][0], int(i["sku"].split("-")[1])))])
ops = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b if b else float("inf"),
    "max": lambda *xs: max(xs),
}
for op in ["+", "-", "*", "/"]:
    print(f"7 {op} 2 = {ops[op](7, 2)}", end="; ")
print(ops["/"](1, 0), ops["max"](3, 9, 4))
print((lambda x, y=2: x ** y)(5), (lambda *a: len(a))(1, 2, 3), (lambda **k: sorted(k))(b=1, a=2))
multipliers = [lambda x, n=n: x * n for n in range(1, 4)]
print([m(10) for m in multipliers])
key_funcs = {"length": len, "last": lambda s: s[-1], "vowels": lambda s: sum(c in "aeiou" for c in s)}
words = ["banana", "kiwi", "apple", "fig"]
for name, fn in key_funcs.items():
    print(name, sorted(words, key=fn))
curry = lambda a: lambda b: lambda c: a + b + c
print(curry(1)(2)(3), curry("x")("y")("z"))
