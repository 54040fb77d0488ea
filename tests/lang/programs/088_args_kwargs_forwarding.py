# Exercises *args and **kwargs: collection, forwarding, unpacking at call sites and mixing with defaults.
def describe(*args, **kwargs):
    return f"args={args} kwargs={kwargs}"


print(describe())
print(describe(1, "two", [3]))
print(describe(a=1, b=2))
print(describe(1, *[2, 3], *(4,), x=5, **{"y": 6, "z": 7}))


def total(first, *rest, scale=1):
    return (first + sum(rest)) * scale


print(total(1), total(1, 2, 3), total(1, 2, scale=10), total(*range(5)))


def log_call(func):
    def wrapper(*args, **kwargs):
        parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
        result = func(*args, **kwargs)
        print(f"{func.__name__}({', '.join(parts)}) -> {result!r}")
        return result
    return wrapper


@log_call
def power(base, exp=2):
    return base ** exp


power(3)
power(2, 10)
power(exp=3, base=4)
power(*(5,), **{"exp": 0})


def merge(*dicts, **overrides):
    out = {}
    for d in dicts:
        out.update(d)
    out.update(overrides)
    return out


print(merge({"a": 1}, {"b": 2, "a": 3}, c=4, a=0))
point = (3, 4)
opts = {"sep": " | ", "end": " <end>\n"}
print(*point, **opts)
print(*"abc", sep="-")
print(total(*[1, 2], **{"scale": 3}), describe(*"hi", **dict(k=None)))
