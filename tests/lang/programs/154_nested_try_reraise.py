# Exercises bare raise re-raising, raise inside except, nested handlers, exception variable unbinding after except.
def risky(n):
    if n == 0:
        raise ZeroDivisionError("n is zero")
    if n < 0:
        raise ValueError(f"negative: {n}")
    return 10 // n


def logged(n, log):
    try:
        return risky(n)
    except ZeroDivisionError:
        log.append(f"logging zero for {n}")
        raise
    except ValueError as exc:
        log.append(f"converting {exc}")
        raise RuntimeError("conversion") from exc


log = []
for n in (5, 0, -2):
    try:
        print("result", logged(n, log))
    except ZeroDivisionError as exc:
        print("caught re-raised:", exc)
    except RuntimeError as exc:
        print("caught converted:", exc, "<-", exc.__cause__)
print(log)
try:
    try:
        raise KeyError("inner")
    except KeyError:
        try:
            raise TypeError("deeper")
        except TypeError as exc2:
            print("handled deeper:", exc2)
        raise
except KeyError as exc:
    print("outer got:", repr(exc))
name_error = None
try:
    raise ValueError("temp")
except ValueError as exc:
    saved = exc
try:
    exc
except NameError as err:
    name_error = str(err)
print(repr(saved), name_error)


class ConnectionLost(Exception):
    pass


def retry(times):
    for attempt in range(1, times + 1):
        try:
            if attempt < times:
                raise ConnectionLost(f"attempt {attempt}")
            return f"succeeded on {attempt}"
        except ConnectionLost as exc:
            print("  retrying after", exc)
            if attempt == times:
                raise


print(retry(3))
