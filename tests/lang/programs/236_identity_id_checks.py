# Exercises object identity: id() comparisons (never printed), is / is not, aliasing, and identity of singletons.
a = [1, 2, 3]
b = a
c = list(a)
print(id(a) == id(b), id(a) == id(c), a is b, a is c, a == c)
before = id(a)
a.append(4)
a += [5]
print(id(a) == before, b)
a = a + [6]
print(id(a) == before, a is b, b)
print(None is None, None is not False, True is (1 == 1), ... is Ellipsis)


class Registry:
    _instance = None

    @classmethod
    def get(cls):
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance


r1, r2 = Registry.get(), Registry.get()
print(r1 is r2, id(r1) == id(r2), Registry() is r1)
objs = [object() for _ in range(3)]
print(len({id(o) for o in objs}) == 3, objs[0] is not objs[1])
d = {"k": []}
alias = d["k"]
alias.append("x")
print(d, d["k"] is alias, id(d["k"]) == id(alias))
t = (a, b)
print(t[0] is a, t[1] is b, id(t[1]) == id(b))
seen = {}
for item in [b, a, b, c, a]:
    seen[id(item)] = seen.get(id(item), 0) + 1
print(sorted(seen.values()), len(seen))


def identity(x):
    return x


print(identity(a) is a, identity(None) is None)
