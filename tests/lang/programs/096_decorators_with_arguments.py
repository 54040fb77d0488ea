# Exercises decorator factories with arguments: repeat, retry-on-exception, validation and a plugin registry.
def repeat(times):
    def decorator(func):
        def wrapper(*args, **kwargs):
            return [func(*args, **kwargs) for _ in range(times)]
        return wrapper
    return decorator


def retry(attempts, exceptions=(ValueError,)):
    def decorator(func):
        def wrapper(*args):
            for i in range(1, attempts + 1):
                try:
                    return func(*args)
                except exceptions as exc:
                    print(f"  attempt {i} failed: {exc}")
            return None
        return wrapper
    return decorator


def check_range(lo, hi):
    def decorator(func):
        def wrapper(x):
            if not lo <= x <= hi:
                return f"{func.__name__}: {x} outside [{lo}, {hi}]"
            return func(x)
        return wrapper
    return decorator


PLUGINS = {}


def plugin(name, priority=0):
    def decorator(func):
        PLUGINS[name] = (priority, func)
        return func
    return decorator


@repeat(3)
def roll(state=[0]):
    state[0] += 1
    return state[0]


state = {"calls": 0}


@retry(4)
def flaky(limit):
    state["calls"] += 1
    if state["calls"] < limit:
        raise ValueError(f"not yet ({state['calls']})")
    return "success"


@check_range(0, 100)
def percent(x):
    return f"{x}%"


@plugin("upper", priority=2)
def up(s):
    return s.upper()


@plugin("reverse")
def rev(s):
    return s[::-1]


@plugin("strip", priority=5)
def strip(s):
    return s.strip()


print(roll(), roll())
print(flaky(3))
state["calls"] = 0
print(flaky(10))
print(percent(50), percent(150), percent(-1))
text = "  hello plugins "
for name, (prio, fn) in sorted(PLUGINS.items(), key=lambda kv: -kv[1][0]):
    text = fn(text)
    print(f"{name:<8} p={prio} -> {text!r}")
print(up("direct call still works"))
