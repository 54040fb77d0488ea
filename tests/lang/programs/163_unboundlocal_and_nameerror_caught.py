# Exercises UnboundLocalError and NameError caught at runtime, including conditional assignment and del.
counter = 0


def broken_increment():
    counter += 1
    return counter


def conditional(flag):
    if flag:
        value = "set"
    return value


def after_loop(items):
    for item in items:
        pass
    return item


try:
    broken_increment()
except UnboundLocalError as exc:
    print("UnboundLocalError:", exc)
print(conditional(True))
try:
    conditional(False)
except UnboundLocalError as exc:
    print("UnboundLocalError:", exc)
print(after_loop([1, 2]))
try:
    after_loop([])
except UnboundLocalError as exc:
    print("UnboundLocalError:", exc)
try:
    print(undefined_global_name)
except NameError as exc:
    print("NameError:", exc, "| is UnboundLocalError:", isinstance(exc, UnboundLocalError))


def uses_later_global():
    return later_defined + 1


try:
    uses_later_global()
except NameError as exc:
    print("NameError:", exc)
later_defined = 41
print(uses_later_global())
print(issubclass(UnboundLocalError, NameError))
