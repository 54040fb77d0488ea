# Exercises LEGB name resolution: local, enclosing, global and builtin scopes, shadowing builtins, UnboundLocalError.
x = "global x"
len_calls = []


def local_scope():
    x = "local x"
    return x


def enclosing_scope():
    x = "enclosing x"

    def inner():
        return x
    return inner()


def global_scope():
    return x


def shadow_builtin():
    def len(obj):
        len_calls.append(obj)
        return -1
    return len("abc")


def unbound():
    try:
        print(x)
        x = "assigned later"
    except UnboundLocalError as exc:
        return f"UnboundLocalError: {exc}"
    return x


print(local_scope(), "|", enclosing_scope(), "|", global_scope())
print(shadow_builtin(), len("abc"), len_calls)
print(unbound())


class Scoped:
    x = "class x"
    y = x + " (copied)"

    def method(self):
        return x

    def via_self(self):
        return self.x


s = Scoped()
print(s.method(), "|", s.via_self(), "|", Scoped.y)
print([x for x in "ab"], x)
max = "shadowed max"
print(max)
del max
print(max(1, 2))


def make():
    value = 1

    def read():
        return value
    value = 2
    return read


print(make()())
