# Exercises contextlib.contextmanager: setup/teardown around yield, exception handling inside, yielded values, nesting.
from contextlib import contextmanager


@contextmanager
def tag(name):
    print(f"<{name}>")
    yield name.upper()
    print(f"</{name}>")


@contextmanager
def temporary_setting(settings, key, value):
    old = settings.get(key)
    settings[key] = value
    try:
        yield settings
    finally:
        settings[key] = old
        print(f"  restored {key}={old!r}")


@contextmanager
def suppress_and_log(*types):
    try:
        yield
    except types as exc:
        print(f"  suppressed {type(exc).__name__}: {exc}")


@contextmanager
def timer_stub(label, log):
    log.append(f"start {label}")
    try:
        yield log
    except Exception as exc:
        log.append(f"error in {label}: {exc}")
        raise
    else:
        log.append(f"end {label}")


with tag("div") as t1, tag("span") as t2:
    print("content", t1, t2)
settings = {"debug": False, "level": 1}
with temporary_setting(settings, "debug", True) as s:
    print("inside:", s)
print("after:", settings)
try:
    with temporary_setting(settings, "level", 5):
        raise ValueError("boom")
except ValueError as exc:
    print("escaped:", exc, settings)
with suppress_and_log(KeyError, IndexError):
    [][3]
print("continuing")
log = []
with timer_stub("ok", log):
    pass
try:
    with timer_stub("bad", log):
        raise RuntimeError("failed step")
except RuntimeError:
    pass
print(log)
