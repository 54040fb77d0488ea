# Exercises an uncaught exception raised inside a with-block: __exit__ runs (prints) and does not suppress it.
class Session:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print(f"open {self.name}")
        return self

    def __exit__(self, exc_type, exc, tb):
        print(f"close {self.name} (error: {exc_type.__name__ if exc_type else None})")
        return False


with Session("ok") as s:
    print("working in", s.name)
with Session("db") as s, Session("cache"):
    print("about to fail")
    raise RuntimeError("connection reset by peer")
print("not reached")
