# Exercises contextlib.nullcontext as an optional context manager, with enter_result and in conditional with-statements.
from contextlib import nullcontext, contextmanager


@contextmanager
def locked(name, log):
    log.append(f"lock {name}")
    yield name
    log.append(f"unlock {name}")


def process(items, lock=None, log=None):
    cm = lock if lock is not None else nullcontext()
    with cm as handle:
        total = sum(items)
        log.append(f"processed {total} with handle={handle!r}")
    return total


log = []
print(process([1, 2, 3], log=log))
print(process([4, 5], lock=locked("db", log), log=log))
print(log)
with nullcontext(42) as value:
    print("enter_result:", value)
with nullcontext() as nothing:
    print("default enter_result:", nothing)
with nullcontext("a") as a, nullcontext("b") as b:
    print(a + b)
try:
    with nullcontext():
        raise KeyError("not suppressed")
except KeyError as exc:
    print("nullcontext does not suppress:", exc)
for verbose in (True, False):
    ctx = locked("verbose", log) if verbose else nullcontext("quiet")
    with ctx as name:
        print("running as", name)
print(log[-2:])
