# Exercises loop variable leakage, comprehension scope isolation, rebinding in loops and for over changing lists.
for i in range(3):
    pass
print("after for, i =", i)
squares = [j * j for j in range(4)]
try:
    print(j)
except NameError as exc:
    print("NameError:", exc)
x = "outer"
gen_values = list(x for x in "ab")
print(x, gen_values)
total = 0
for total in range(5):
    pass
print(total)
items = [1, 2, 3]
for item in items:
    item *= 10
print(items)
for idx in range(len(items)):
    items[idx] *= 10
print(items)
numbers = [1, 2, 3, 4, 5, 6]
for n in numbers[:]:
    if n % 2 == 0:
        numbers.remove(n)
print(numbers)
funcs = []
for k in range(3):
    funcs.append(lambda: k)
print([f() for f in funcs])
funcs = [lambda k=k: k for k in range(3)]
print([f() for f in funcs])
for a, b in [(1, 2), (3, 4)]:
    a, b = b, a
print(a, b)
for ch in "xyz":
    last = ch
print(last, ch)
