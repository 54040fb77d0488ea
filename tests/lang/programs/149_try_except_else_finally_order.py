# Exercises the execution order of try/except/else/finally for success, handled error, unhandled error and return paths.
trace = []


def attempt(action):
    trace.clear()
    try:
        trace.append("try")
        if action == "raise":
            raise ValueError("bad value")
        if action == "key":
            {}["k"]
        if action == "return":
            trace.append("returning from try")
            return "returned"
    except ValueError as exc:
        trace.append(f"except ValueError({exc})")
        return "handled"
    else:
        trace.append("else")
    finally:
        trace.append("finally")
    trace.append("after")
    return "normal"


for action in ["ok", "raise", "return", "key"]:
    try:
        result = attempt(action)
    except KeyError as exc:
        result = f"escaped KeyError {exc}"
    print(f"{action:<7} -> {result:<22} {trace}")


def nested():
    log = []
    try:
        try:
            log.append("inner try")
            1 / 0
        finally:
            log.append("inner finally")
    except ZeroDivisionError:
        log.append("outer except")
    else:
        log.append("outer else")
    finally:
        log.append("outer finally")
    return log


print(nested())


def loop_with_finally():
    out = []
    for i in range(4):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(f"body {i}")
        finally:
            out.append(f"finally {i}")
    return out


print(loop_with_finally())
