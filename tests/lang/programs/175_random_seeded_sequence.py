# Exercises random.seed then random(), randint, randrange, uniform: exact CPython Mersenne Twister values.
import random

random.seed(42)
print([round(random.random(), 12) for _ in range(5)])
print([random.randint(1, 6) for _ in range(10)])
print([random.randrange(10) for _ in range(8)], random.randrange(100, 200, 7))
print(round(random.uniform(-1, 1), 10), round(random.uniform(5, 10), 10))
random.seed(2024)
first = [random.randint(0, 1000) for _ in range(6)]
random.seed(2024)
second = [random.randint(0, 1000) for _ in range(6)]
print(first, first == second)
random.seed(7)
print(random.random(), random.randrange(1, 1000000), random.randint(-50, 50))
