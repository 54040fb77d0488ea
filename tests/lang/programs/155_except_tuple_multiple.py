# Exercises except clauses with tuples of types, ordering of clauses, catching base classes like LookupError/ArithmeticError.
def operation(kind):
    if kind == "index":
        return [][1]
    if kind == "key":
        return {}["x"]
    if kind == "zero":
        return 1 / 0
    if kind == "overflow":
        import math
        return math.exp(10000)
    if kind == "type":
        return "a" + 1
    if kind == "value":
        return int("q")
    if kind == "attr":
        return None.upper
    return "fine"


for kind in ["index", "key", "zero", "overflow", "type", "value", "attr", "ok"]:
    try:
        result = operation(kind)
    except (IndexError, KeyError) as exc:
        result = f"lookup problem ({type(exc).__name__}): {exc}"
    except ArithmeticError as exc:
        result = f"arithmetic ({type(exc).__name__}): {exc}"
    except (TypeError, ValueError) as exc:
        result = f"bad data ({type(exc).__name__}): {exc}"
    except Exception as exc:
        result = f"other ({type(exc).__name__}): {exc}"
    print(f"{kind:<9} {result}")
errors = (KeyError, IndexError)
try:
    {}["z"]
except errors as exc:
    print("dynamic tuple caught", type(exc).__name__)
try:
    [].pop()
except LookupError as exc:
    print("LookupError caught", type(exc).__name__, exc)
print(issubclass(ZeroDivisionError, ArithmeticError), issubclass(OverflowError, ArithmeticError))
