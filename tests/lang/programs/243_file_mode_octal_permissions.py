# Exercises octal literals and bit masks in a chmod-style permission calculator: oct(), format(n, 'o'), int(s, 8), symbolic modes.
PERMS = [(0o400, "r"), (0o200, "w"), (0o100, "x"), (0o040, "r"), (0o020, "w"), (0o010, "x"),
         (0o004, "r"), (0o002, "w"), (0o001, "x")]
WHO = {"u": 0o700, "g": 0o070, "o": 0o007, "a": 0o777}
WHAT = {"r": 0o444, "w": 0o222, "x": 0o111}


def symbolic(mode):
    return "".join(ch if mode & bit else "-" for bit, ch in PERMS)


def apply(mode, spec):
    for clause in spec.split(","):
        i = 0
        while clause[i] in WHO:
            i += 1
        who = clause[:i] or "a"
        op, what = clause[i], clause[i + 1:]
        mask = 0
        for w in who:
            for p in what:
                mask |= WHO[w] & WHAT[p]
        if op == "+":
            mode |= mask
        elif op == "-":
            mode &= ~mask
        else:
            keep = 0
            for w in who:
                keep |= WHO[w]
            mode = (mode & ~keep) | mask
    return mode & 0o777


for mode in (0o755, 0o644, 0o600, 0o777, 0o000, 0o4_7_1):
    print(f"{oct(mode):>6} {format(mode, '03o')} {mode:>4} {symbolic(mode)}")
mode = 0o640
for spec in ["g+w", "o+r", "a-x", "u=rwx", "go-w,o-r", "+x"]:
    mode = apply(mode, spec)
    print(f"{spec:<9} -> {mode:03o} {symbolic(mode)}")
print(int("755", 8), int("0o644", 8), int("0o17", 0), 0o10 == 8, 0O777 == 511)
umask = 0o022
print(f"{0o666 & ~umask:o} {0o777 & ~umask:o}")
