# Exercises __enter__/__exit__: return values, exception info, suppression, nesting and several items in one with.
class Tag:
    depth = 0

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("  " * Tag.depth + f"<{self.name}>")
        Tag.depth += 1
        return self

    def __exit__(self, exc_type, exc, tb):
        Tag.depth -= 1
        print("  " * Tag.depth + f"</{self.name}>")
        return False


class Suppress:
    def __init__(self, *types):
        self.types = types
        self.caught = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, self.types):
            self.caught = f"{exc_type.__name__}: {exc}"
            return True
        return False


with Tag("html"):
    with Tag("body") as body, Tag("p"):
        print("    text inside", body.name)
    with Tag("footer"):
        pass

with Suppress(KeyError, ZeroDivisionError) as s:
    {}["missing"]
    print("not reached")
print("suppressed:", s.caught)
with Suppress(ValueError) as s2:
    print("no exception here")
print("caught:", s2.caught)
try:
    with Suppress(KeyError):
        raise ValueError("not suppressed")
except ValueError as exc:
    print("escaped:", exc)


class Resource:
    def __init__(self, name, log):
        self.name, self.log = name, log

    def __enter__(self):
        self.log.append(f"open {self.name}")
        return self.name.upper()

    def __exit__(self, exc_type, exc, tb):
        self.log.append(f"close {self.name} ({exc_type.__name__ if exc_type else 'ok'})")


log = []
try:
    with Resource("a", log) as a, Resource("b", log) as b, Resource("c", log):
        log.append(f"using {a} {b}")
        raise RuntimeError("boom")
except RuntimeError:
    log.append("handled")
print(log)
