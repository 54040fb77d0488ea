# Exceptions as control flow: try/except/else/finally in tight loops, user
# exception classes, raise from, re-raise, StopIteration from next(), and
# with-statements through context-manager classes.


class ValidationError(Exception):
    def __init__(self, field, value):
        super().__init__(f"bad {field}: {value}")
        self.field = field


class Budget:
    def __init__(self):
        self.entered = 0
        self.exited = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, exc_type, exc, tb):
        self.exited += 1
        return exc_type is not None and issubclass(exc_type, ArithmeticError)


def validate(record):
    if record % 7 == 0:
        raise ValidationError("multiple of seven", record)
    if record % 11 == 0:
        raise KeyError(record)
    return record * 2


def safe_div(a, b):
    try:
        return a // b
    except ZeroDivisionError:
        return 0


def wrapped(n):
    try:
        validate(n)
    except (ValidationError, KeyError) as e:
        raise RuntimeError("wrapped") from e


good = bad_fields = missing = cleanups = 0
for record in range(1_000_000):
    try:
        value = validate(record)
    except ValidationError as e:
        bad_fields += len(e.field)
    except KeyError:
        missing += 1
    else:
        good += value % 5
    finally:
        cleanups += 1
print("validated:", good, bad_fields, missing, cleanups)

print("divisions:", sum(safe_div(i, i % 4) for i in range(800_000)))

chained = 0
for i in range(100_000):
    try:
        wrapped(i)
    except RuntimeError as e:
        chained += isinstance(e.__cause__, ValidationError)
print("chained:", chained)

budget = Budget()
swallowed = 0
for i in range(300_000):
    with budget:
        swallowed += 1
        if i % 3 == 0:
            swallowed += 1 // (i % 2)
print("with:", budget.entered, budget.exited, swallowed)

it = iter(range(10))
drained = 0
for _ in range(500_000):
    try:
        drained += next(it)
    except StopIteration:
        it = iter(range(10))
print("drained:", drained)
