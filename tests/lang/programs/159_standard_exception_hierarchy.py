# Exercises the builtin exception hierarchy via issubclass and catching builtin errors by their base classes.
pairs = [
    (ZeroDivisionError, ArithmeticError),
    (OverflowError, ArithmeticError),
    (ArithmeticError, Exception),
    (KeyError, LookupError),
    (IndexError, LookupError),
    (LookupError, Exception),
    (UnboundLocalError, NameError),
    (RecursionError, RuntimeError),
    (NotImplementedError, RuntimeError),
    (StopIteration, Exception),
    (AssertionError, Exception),
    (AttributeError, Exception),
    (TypeError, Exception),
    (ValueError, Exception),
    (Exception, BaseException),
    (KeyboardInterrupt, Exception),
    (SystemExit, BaseException),
    (SystemExit, Exception),
    (GeneratorExit, Exception),
    (KeyError, IndexError),
]
for sub, base in pairs:
    print(f"{sub.__name__:<20} <= {base.__name__:<15} {issubclass(sub, base)}")


def trigger(name):
    actions = {
        "zero": lambda: 5 // 0,
        "index": lambda: "abc"[10],
        "key": lambda: {"a": 1}["b"],
        "attr": lambda: "text".nope,
        "type": lambda: len(5),
        "value": lambda: float("one"),
        "unbound": unbound,
    }
    actions[name]()


def unbound():
    total += 1
    total = 0


for name in ["zero", "index", "key", "attr", "type", "value", "unbound"]:
    try:
        trigger(name)
    except LookupError as exc:
        print("LookupError family:", type(exc).__name__, exc)
    except ArithmeticError as exc:
        print("ArithmeticError family:", type(exc).__name__, exc)
    except NameError as exc:
        print("NameError family:", type(exc).__name__, exc)
    except Exception as exc:
        print("Exception:", type(exc).__name__, exc)
print(BaseException.__name__, issubclass(Exception, BaseException), issubclass(bool, BaseException))
