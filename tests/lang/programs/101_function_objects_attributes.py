# Exercises functions as first-class objects: __name__, __doc__, custom attributes, storing in containers, identity.
def area(w, h):
    """Compute a rectangle area."""
    return w * h


def perimeter(w, h):
    return 2 * (w + h)


area.unit = "m^2"
perimeter.unit = "m"
shapes = {"area": area, "perimeter": perimeter}
for name, fn in shapes.items():
    print(name, fn.__name__, fn(3, 4), fn.unit, fn.__doc__)
alias = area
print(alias is area, alias.__name__, alias(2, 5), area == perimeter)
print(type(area).__name__, callable(area), hasattr(area, "unit"), getattr(perimeter, "missing", "none"))
lam = lambda x: x
print(lam.__name__, (lambda: 0).__name__)


def describe(fn):
    return f"{fn.__name__}: callable={callable(fn)}"


def with_defaults(a, b=1, c="x"):
    return a


print(describe(area), describe(with_defaults))
pipeline = [str.strip, lambda s: " ".join(w[:1].upper() + w[1:] for w in s.split()), lambda s: s.replace(" ", "")]
value = "  make camel case  "
for step in pipeline:
    value = step(value)
print(value)


class Handler:
    def handle(self, x):
        return x * 2


h = Handler()
bound = h.handle
print(bound(21), bound.__name__, bound == h.handle, Handler.handle(h, 4))
funcs = sorted([perimeter, area, with_defaults], key=lambda f: f.__name__)
print([f.__name__ for f in funcs])
