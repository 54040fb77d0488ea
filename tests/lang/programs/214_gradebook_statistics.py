# Exercises a gradebook: nested dicts of scores, weighted averages, letter grades, ranking with ties and a histogram.
WEIGHTS = {"homework": 0.3, "midterm": 0.3, "final": 0.4}
STUDENTS = {
    "ana": {"homework": [95, 88, 92], "midterm": [85], "final": [91]},
    "ben": {"homework": [70, 65, 80], "midterm": [72], "final": [68]},
    "cai": {"homework": [100, 100, 98], "midterm": [94], "final": [97]},
    "dev": {"homework": [60, 0, 75], "midterm": [55], "final": [61]},
    "eli": {"homework": [88, 90, 85], "midterm": [91], "final": [88.5]},
    "fox": {"homework": [70, 65, 80], "midterm": [72], "final": [68]},
}


def weighted(scores):
    return sum(WEIGHTS[k] * sum(v) / len(v) for k, v in scores.items())


def letter(score):
    for cutoff, grade in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if score >= cutoff:
            return grade
    return "F"


finals = {name: round(weighted(s), 2) for name, s in STUDENTS.items()}
ranked = sorted(finals.items(), key=lambda kv: (-kv[1], kv[0]))
rank, prev = 0, None
for i, (name, score) in enumerate(ranked, 1):
    if score != prev:
        rank = i
    prev = score
    print(f"{rank:>2}. {name:<4} {score:>6.2f} {letter(score)}")
mean = sum(finals.values()) / len(finals)
var = sum((s - mean) ** 2 for s in finals.values()) / len(finals)
print(f"mean={mean:.3f} std={var ** 0.5:.3f} max={max(finals.values())} min={min(finals.values())}")
hist = {}
for s in finals.values():
    hist[letter(s)] = hist.get(letter(s), 0) + 1
for g in "ABCDF":
    print(g, "#" * hist.get(g, 0))
best_hw = max(STUDENTS, key=lambda n: sum(STUDENTS[n]["homework"]))
print(best_hw, {n: min(s["homework"]) for n, s in STUDENTS.items() if min(s["homework"]) < 70})
