# Exercises finally interacting with return/break/continue: finally runs last, return in finally overrides.
def return_in_both():
    try:
        return "from try"
    finally:
        print("  finally runs before the return completes")


def finally_overrides():
    try:
        return "from try"
    finally:
        return "from finally"


def swallow_exception():
    try:
        raise ValueError("lost")
    finally:
        return "finally swallowed the exception"


def mutate_after_return():
    items = ["a"]
    try:
        return items
    finally:
        items.append("added in finally")


def count_finally(n):
    runs = 0
    for i in range(n):
        try:
            if i % 2:
                continue
            if i == 4:
                break
        finally:
            runs += 1
    return runs


def while_true_finally():
    attempts = 0
    while True:
        try:
            attempts += 1
            if attempts == 3:
                return f"done after {attempts}"
        finally:
            print(f"  finally on attempt {attempts}")


print(return_in_both())
print(finally_overrides())
print(swallow_exception())
print(mutate_after_return())
print(count_finally(10), count_finally(3))
print(while_true_finally())
