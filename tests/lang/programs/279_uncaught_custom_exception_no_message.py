# Exercises an uncaught user exception raised without arguments: the last stderr line is just the class name.
class ValidationError(Exception):
    pass


def validate(form):
    for field in ("name", "email"):
        if not form.get(field):
            raise ValidationError
        print(f"{field} ok")


validate({"name": "ann", "email": "a@b.c"})
validate({"name": "bo"})
