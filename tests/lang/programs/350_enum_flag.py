# enum: Flag and IntFlag members combine with | & ^ ~, name their combinations, iterate their bits and test membership
from enum import Flag, IntFlag, auto


class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()


print([(p.name, p.value) for p in Perm], len(Perm))
rw = Perm.R | Perm.W
print(rw, repr(rw), rw.value, rw.name, list(rw), len(rw))
print(Perm.R in rw, Perm.X in rw, bool(rw), bool(Perm(0)), repr(Perm(0)), str(Perm(0)))
print(rw & Perm.W, rw ^ Perm.R, ~Perm.R, repr(~rw), Perm(7), Perm(3) is rw)
print(repr(Perm), Perm.R | Perm.R is Perm.R)
try:
    Perm(8)
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])


class Style(Flag):
    BOLD = 1
    ITALIC = 2
    UNDERLINE = 4
    EMPHASIS = 3


print(Style.EMPHASIS, list(Style), Style.BOLD | Style.ITALIC is Style.EMPHASIS, Style.EMPHASIS.name)
print(repr(Style.EMPHASIS | Style.UNDERLINE), repr(Style(7)), repr(~Style.BOLD), repr(~Style.EMPHASIS), dir(Style))


class Mode(IntFlag):
    READ = 4
    WRITE = 2
    EXEC = 1


m = Mode.READ | Mode.WRITE
print(m, repr(m), m == 6, m + 1, m & 4, repr(m | 1), repr(Mode(8)), Mode.EXEC in m)
print(repr(~Mode.READ), int(Mode.WRITE), f"{m}", str(Mode.READ), list(m))
print(sorted([Mode.READ, Mode.EXEC, Mode.WRITE]), repr(Mode(0)))
try:
    Perm.R in 1
except TypeError as e:
    print("TypeError:", e)
try:
    1 in Perm.R
except TypeError as e:
    print("TypeError:", e)
