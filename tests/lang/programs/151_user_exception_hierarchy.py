# Exercises a user exception hierarchy: catching by base class, handler order, extra attributes and __str__ override.
class AppError(Exception):
    code = 1

    def __init__(self, message, *, detail=None):
        super().__init__(message)
        self.detail = detail

    def __str__(self):
        base = super().__str__()
        return f"[{self.code}] {base}" + (f" ({self.detail})" if self.detail else "")


class ValidationError(AppError):
    code = 2


class MissingField(ValidationError):
    code = 3

    def __init__(self, field):
        super().__init__(f"missing field {field!r}", detail="required")
        self.field = field


class RateLimited(AppError):
    code = 4


def handle(exc):
    try:
        raise exc
    except MissingField as e:
        return f"MissingField handler: {e} field={e.field}"
    except ValidationError as e:
        return f"ValidationError handler: {e}"
    except AppError as e:
        return f"AppError handler: {e} detail={e.detail}"
    except Exception as e:
        return f"generic handler: {type(e).__name__}: {e}"


for exc in [MissingField("email"), ValidationError("too long", detail="max 10"), RateLimited("slow down"),
            AppError("generic"), KeyError("k"), ValueError()]:
    print(handle(exc))
print([cls.__name__ for cls in (MissingField, ValidationError, AppError) if issubclass(MissingField, cls)])
print(issubclass(RateLimited, ValidationError), isinstance(MissingField("x"), Exception))
e = MissingField("zip")
print(e.args, repr(str(e)), e.code, AppError.code)
print(repr(ValidationError("short")))
