# Exercises the global statement: module-level counters and config mutated from functions, and shadowing.
DEBUG = False
calls = 0
registry = {}


def enable_debug():
    global DEBUG
    DEBUG = True


def track():
    global calls
    calls += 1
    return calls


def register(name):
    registry[name] = len(registry)


def shadow():
    DEBUG = "local only"
    return DEBUG


def create_global():
    global created_later
    created_later = "made inside a function"


print(DEBUG, shadow(), DEBUG)
enable_debug()
print(DEBUG)
for _ in range(4):
    track()
print(calls)
for n in ["a", "b", "c"]:
    register(n)
print(registry)
create_global()
print(created_later)


def reset_all():
    global calls, DEBUG
    calls, DEBUG = 0, False


reset_all()
print(calls, DEBUG)
total = 100


def read_only():
    return total + 1


print(read_only())


def counter_with_global(n):
    global total
    for i in range(n):
        total += i
    return total


print(counter_with_global(5), total)
