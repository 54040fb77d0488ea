# Exercises keyword-only parameters (after * and after *args), required kw-only args and error messages.
def connect(host, port=80, *, timeout=5.0, secure=False):
    scheme = "https" if secure else "http"
    return f"{scheme}://{host}:{port} (timeout={timeout})"


print(connect("example.com"))
print(connect("example.com", 443, secure=True))
print(connect("localhost", timeout=0.5, port=8000))
try:
    connect("example.com", 443, 1.0)
except TypeError as exc:
    print("TypeError:", exc)


def report(*values, sep, prefix="> "):
    return prefix + sep.join(str(v) for v in values)


print(report(1, 2, 3, sep=", "))
print(report(sep="/"), report("a", sep="", prefix=""))
try:
    report(1, 2)
except TypeError as exc:
    print("TypeError:", exc)


def make_user(name, *, role, active=True, **extra):
    return {"name": name, "role": role, "active": active, **extra}


print(make_user("ann", role="admin"))
print(make_user("bo", role="dev", active=False, team="core"))
try:
    make_user("cy")
except TypeError as exc:
    print("TypeError:", exc)
try:
    make_user("cy", role="x", name="dup")
except TypeError as exc:
    print("TypeError:", exc)
print(connect("h", 1, secure=True, timeout=1))
