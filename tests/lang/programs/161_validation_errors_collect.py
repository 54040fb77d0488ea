# Exercises collecting multiple validation errors into one exception with a list attribute and formatted output.
class FieldError(Exception):
    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field


class ValidationFailed(Exception):
    def __init__(self, errors):
        self.errors = errors
        super().__init__(f"{len(errors)} validation error(s)")


SCHEMA = {
    "name": (str, lambda v: len(v) >= 2, "must have at least 2 characters"),
    "age": (int, lambda v: 0 <= v <= 150, "must be between 0 and 150"),
    "email": (str, lambda v: "@" in v and "." in v.split("@")[-1], "must look like an email"),
}


def validate(record):
    errors = []
    for field, (kind, check, message) in SCHEMA.items():
        try:
            if field not in record:
                raise FieldError(field, "is required")
            value = record[field]
            if not isinstance(value, kind):
                raise FieldError(field, f"expected {kind.__name__}, got {type(value).__name__}")
            if not check(value):
                raise FieldError(field, message)
        except FieldError as exc:
            errors.append(exc)
    unknown = sorted(set(record) - set(SCHEMA))
    for field in unknown:
        errors.append(FieldError(field, "is not allowed"))
    if errors:
        raise ValidationFailed(errors)
    return True


records = [
    {"name": "Ada", "age": 36, "email": "ada@math.org"},
    {"name": "B", "age": 200, "email": "nope"},
    {"age": "forty", "email": "x@y.z", "nickname": "xy", "admin": True},
    {},
]
for i, rec in enumerate(records):
    try:
        validate(rec)
        print(f"record {i}: valid")
    except ValidationFailed as exc:
        print(f"record {i}: {exc}")
        for err in exc.errors:
            print(f"    - {err} [{err.field}]")
