# Exercises random APIs checking only generator-independent properties: ranges, permutation, reproducibility after reseed.
import random

random.seed(31337)
floats = [random.random() for _ in range(1000)]
print(all(0.0 <= f < 1.0 for f in floats), len(set(floats)) > 990)
ints = [random.randint(3, 7) for _ in range(500)]
print(min(ints) >= 3, max(ints) <= 7, sorted(set(ints)))
steps = [random.randrange(0, 100, 10) for _ in range(300)]
print(all(s % 10 == 0 and 0 <= s < 100 for s in steps))
u = [random.uniform(2.5, 3.5) for _ in range(200)]
print(all(2.5 <= v <= 3.5 for v in u))
items = list(range(20))
shuffled = items[:]
random.shuffle(shuffled)
print(sorted(shuffled) == items, len(shuffled))
picks = [random.choice("abc") for _ in range(100)]
print(set(picks) <= {"a", "b", "c"})
random.seed(5)
run1 = [random.random() for _ in range(3)] + [random.randint(0, 10 ** 6)]
deck1 = list("abcdefgh")
random.shuffle(deck1)
random.seed(5)
run2 = [random.random() for _ in range(3)] + [random.randint(0, 10 ** 6)]
deck2 = list("abcdefgh")
random.shuffle(deck2)
print(run1 == run2, deck1 == deck2)
random.seed(6)
print(run1 != [random.random() for _ in range(3)] + [random.randint(0, 10 ** 6)])
