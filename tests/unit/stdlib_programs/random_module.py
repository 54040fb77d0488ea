import random
random.seed(42)
print(random.random(), random.randint(1, 10), random.randrange(0, 100, 5), random.uniform(1, 2))
xs = list(range(20)); random.shuffle(xs); print(xs)
print(random.choice("abcdef"), random.sample(range(100), 5), random.choices("abc", k=5))
print(random.choices([1, 2, 3], weights=[0.1, 0.1, 10], k=4), random.gauss(0, 1), random.normalvariate(5, 2))
print(random.expovariate(2), random.triangular(0, 10), random.getrandbits(16), random.betavariate(2, 5))
r = random.Random(7); print(r.random(), r.randint(1, 6), [r.randrange(10) for _ in range(5)])
random.seed("hello"); print(random.random())
st = random.getstate(); a = random.random(); random.setstate(st); print(a == random.random())
for bad in [lambda: random.choice([]), lambda: random.randrange(0), lambda: random.randint(5, 1), lambda: random.sample([1], 2)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(type(random.Random()).__name__, isinstance(r, random.Random))
