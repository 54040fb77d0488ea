# Exercises random.seed then shuffle and choice: exact CPython results for a deck of cards and a name draw.
import random

random.seed(1)
deck = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
random.shuffle(deck)
hands = [deck[i:i + 5] for i in range(0, 20, 5)]
for n, hand in enumerate(hands, 1):
    print(f"player {n}: {' '.join(hand)}")
print(len(deck), sorted(deck) == sorted(rank + suit for suit in "SHDC" for rank in "A23456789TJQK"))
names = ["ada", "bo", "cy", "dee", "eve"]
print([random.choice(names) for _ in range(6)], random.choice("xyz"), random.choice(range(100)))
random.seed(99)
nums = list(range(10))
random.shuffle(nums)
print(nums)
random.shuffle(nums)
print(nums)
