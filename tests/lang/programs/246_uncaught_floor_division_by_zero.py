# Exercises an uncaught ZeroDivisionError from integer floor division inside nested function calls.
def split_evenly(total, parts):
    share = total // parts
    return [share] * parts


def plan(budget, teams):
    for team, members in teams:
        print(team, split_evenly(budget, members))


plan(100, [("red", 4), ("blue", 3), ("ghost", 0), ("green", 5)])
