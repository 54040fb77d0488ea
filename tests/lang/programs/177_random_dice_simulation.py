# Exercises a seeded Monte Carlo dice simulation: random.seed, randint counts, uniform estimates of pi, random walk.
import random

random.seed(12345)
rolls = 6000
counts = [0] * 7
for _ in range(rolls):
    counts[random.randint(1, 6)] += 1
print(counts[1:], sum(counts))
pair_sums = {}
for _ in range(3600):
    s = random.randint(1, 6) + random.randint(1, 6)
    pair_sums[s] = pair_sums.get(s, 0) + 1
print(sorted(pair_sums.items()))
inside = 0
samples = 20000
for _ in range(samples):
    x, y = random.uniform(-1, 1), random.uniform(-1, 1)
    if x * x + y * y <= 1:
        inside += 1
print(inside, 4 * inside / samples)
position = 0
extremes = [0, 0]
for _ in range(1000):
    position += random.choice((-1, 1))
    extremes[0] = min(extremes[0], position)
    extremes[1] = max(extremes[1], position)
print(position, extremes)
