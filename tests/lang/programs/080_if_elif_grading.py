# Exercises if/elif/else chains, nested ifs and boolean operators in a grading and tax calculator.
def letter(score):
    if score >= 97:
        return "A+"
    elif score >= 93:
        return "A"
    elif score >= 90:
        return "A-"
    elif score >= 80:
        grade = "B"
        if score >= 87:
            grade += "+"
        elif score < 83:
            grade += "-"
        return grade
    elif score >= 70:
        return "C"
    else:
        return "F"


def tax(income):
    brackets = [(10000, 0.0), (40000, 0.1), (90000, 0.2), (None, 0.35)]
    owed, lower = 0.0, 0
    for upper, rate in brackets:
        if upper is None or income <= upper:
            owed += (income - lower) * rate
            break
        owed += (upper - lower) * rate
        lower = upper
    return round(owed, 2)


for s in (100, 95, 91, 89, 85, 81, 72, 40):
    print(s, letter(s))
for income in (5000, 10000, 25000, 90000, 150000):
    print(f"{income:>7} -> {tax(income):>10.2f}")


def describe(age, member):
    if age < 0:
        return "invalid"
    if age < 13 and not member:
        return "child"
    elif age < 13 and member:
        return "child member"
    elif 13 <= age < 20 or age >= 65 and member:
        return "discount"
    return "standard"


print([describe(a, m) for a, m in [(-1, True), (8, False), (8, True), (15, False), (70, True), (70, False), (30, True)]])
