# Exercises dict comprehensions: inversion, filtering, zipping, nested dicts and grouping by key.
capitals = {"France": "Paris", "Japan": "Tokyo", "Peru": "Lima", "Chad": "N'Djamena"}
by_city = {city: country for country, city in capitals.items()}
print(by_city)
short = {c: len(city) for c, city in capitals.items() if len(city) <= 5}
print(short)
grades = {"ann": [90, 85, 77], "ben": [60, 75], "cy": [100]}
averages = {name: round(sum(g) / len(g), 1) for name, g in grades.items()}
print(averages)
passed = {name: avg >= 70 for name, avg in averages.items()}
print(passed)
letters = {ch: ord(ch) for ch in "hello"}
print(letters)
square_table = {i: {j: i * j for j in range(1, 4)} for i in range(1, 4)}
print(square_table)
print(square_table[2][3], {k: v[k] for k, v in square_table.items()})
votes = ["red", "blue", "red", "green", "blue", "red"]
tally = {color: votes.count(color) for color in votes}
print(tally)
winners = {c for c, n in tally.items() if n == max(tally.values())}
print(winners == {"red"})
inverted = {}
for color, n in tally.items():
    inverted.setdefault(n, []).append(color)
print(inverted)
print(dict(zip("abc", range(3))), {k: v for k, v in zip("abc", "xyz") if k != "b"})
