# Exercises raise ... from ..., __cause__, implicit __context__, raise from None (__suppress_context__) and chaining.
class ConfigError(Exception):
    pass


def parse_port(text):
    try:
        return int(text)
    except ValueError as exc:
        raise ConfigError(f"invalid port {text!r}") from exc


def parse_host(cfg):
    try:
        return cfg["host"]
    except KeyError:
        raise ConfigError("host missing") from None


def implicit():
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError("while handling")


for fn, arg in [(parse_port, "80a"), (parse_host, {}), (implicit, None)]:
    try:
        fn(arg) if arg is not None else fn()
    except (ConfigError, RuntimeError) as exc:
        cause = exc.__cause__
        context = exc.__context__
        print(f"{type(exc).__name__}: {exc}")
        print(f"  cause={type(cause).__name__ if cause else None}: {cause}")
        print(f"  context={type(context).__name__ if context else None} suppress={exc.__suppress_context__}")
print(parse_port("8080"))
try:
    raise ValueError("outer") from KeyError("inner")
except ValueError as exc:
    print(repr(exc), repr(exc.__cause__), exc.__cause__.args)
err = ConfigError("standalone")
print(err.__cause__, err.__context__, err.__suppress_context__)
