class MyError(ValueError):
    pass

try:
    raise MyError("bad") from KeyError("k")
except (MyError, TypeError) as e:
    print(e, e.__cause__)
except Exception:
    raise
else:
    pass
finally:
    print("finally")
