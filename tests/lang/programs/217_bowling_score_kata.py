# Exercises the bowling score kata: parsing roll strings, strikes/spares bonuses, frame-by-frame running totals.
def parse(line):
    rolls = []
    for ch in line.replace(" ", ""):
        if ch == "X":
            rolls.append(10)
        elif ch == "/":
            rolls.append(10 - rolls[-1])
        elif ch == "-":
            rolls.append(0)
        else:
            rolls.append(int(ch))
    return rolls


def score_frames(rolls):
    totals, i, running = [], 0, 0
    for frame in range(10):
        if rolls[i] == 10:
            running += 10 + rolls[i + 1] + rolls[i + 2]
            i += 1
        elif rolls[i] + rolls[i + 1] == 10:
            running += 10 + rolls[i + 2]
            i += 2
        else:
            running += rolls[i] + rolls[i + 1]
            i += 2
        totals.append(running)
    return totals


games = {
    "perfect": "X X X X X X X X X X X X",
    "all spares": "5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/ 5",
    "gutter": "-- -- -- -- -- -- -- -- -- --",
    "nines": "9- 9- 9- 9- 9- 9- 9- 9- 9- 9-",
    "mixed": "X 7/ 9- X -8 8/ -6 X X X81",
}
for name, line in games.items():
    rolls = parse(line)
    frames = score_frames(rolls)
    print(f"{name:<11} rolls={len(rolls):>2} total={frames[-1]:>3} frames={frames}")
best = max(games, key=lambda g: score_frames(parse(games[g]))[-1])
print("best:", best)
