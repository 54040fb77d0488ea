# Exercises several FizzBuzz implementations (loops, dict rules, join, generator) and checks they agree.
def fb_basic(n):
    out = []
    for i in range(1, n + 1):
        if i % 15 == 0:
            out.append("FizzBuzz")
        elif i % 3 == 0:
            out.append("Fizz")
        elif i % 5 == 0:
            out.append("Buzz")
        else:
            out.append(str(i))
    return out


def fb_rules(n, rules=((3, "Fizz"), (5, "Buzz"))):
    return ["".join(word for d, word in rules if i % d == 0) or str(i) for i in range(1, n + 1)]


def fb_gen(n):
    i = 0
    while i < n:
        i += 1
        s = ("Fizz" if i % 3 == 0 else "") + ("Buzz" if i % 5 == 0 else "")
        yield s if s else str(i)


a = fb_basic(30)
b = fb_rules(30)
c = list(fb_gen(30))
print(" ".join(a))
print(a == b == c)
print(" ".join(fb_rules(21, ((3, "Fizz"), (5, "Buzz"), (7, "Bazz")))))
counts = {}
for s in a:
    key = s if not s.isdigit() else "number"
    counts[key] = counts.get(key, 0) + 1
print(counts)
