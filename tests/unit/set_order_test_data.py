#!/usr/bin/env python3
"""Writes set_order_test_data.inc for set_order_test.cpp: scripts of set
operations (add, discard, pop, update, the set algebra, copies, frozensets)
on ints, strs and tuples, with the repr CPython 3.11 prints for the result
(which shows the table's iteration order) and frozenset hashes. Run it with
CPython 3.11 from this directory (it re-runs itself with PYTHONHASHSEED=0):

    python3 set_order_test_data.py > set_order_test_data.inc

Script lines: `new S`, `add S V`, `discard S V`, `pop S`, `update S V...`,
`fromlist S V...`, `frozen S V...`, `copy D S`, `or|and|sub|xor D A B`
(D = A op B), `ior|iand|isub|ixor A B`, `union|intersection|difference D A V...`
(D = A.method(list)), `expect S <repr>`, `hash S <int>`, `pop_expect S <repr>`.
Values: iN (int), sTEXT (str without spaces), tN,N (tuple of ints).
"""
import os
import random
import sys

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)


def enc(v):
    if isinstance(v, int):
        return "i%d" % v
    if isinstance(v, str):
        return "s" + v
    return "t" + ",".join(str(x) for x in v)


class Script:
    def __init__(self):
        self.lines = []
        self.sets = {}

    def emit(self, *parts):
        self.lines.append(" ".join(str(p) for p in parts))

    def expect(self, name):
        self.emit("expect", name, repr(self.sets[name]))
        if isinstance(self.sets[name], frozenset):
            self.emit("hash", name, hash(self.sets[name]))


def int_pool(rng):
    kind = rng.randrange(4)
    if kind == 0:
        return [rng.randrange(0, 64) for _ in range(40)]
    if kind == 1:
        return [rng.randrange(0, 16) * 8 + rng.choice([0, 32, 1024]) for _ in range(40)]
    if kind == 2:
        return [rng.randrange(-10**6, 10**6) for _ in range(40)]
    return [rng.randrange(0, 2**62) * rng.choice([1, -1]) for _ in range(40)]


def value_pool(rng):
    kind = rng.randrange(4)
    if kind < 2:
        return int_pool(rng)
    if kind == 2:
        letters = "abcdefghij"
        return ["".join(rng.choice(letters) for _ in range(rng.randrange(1, 4))) for _ in range(40)]
    return [(rng.randrange(0, 5), rng.randrange(0, 5)) for _ in range(40)]


def random_script(rng, s):
    pool = value_pool(rng)
    names = ["A", "B", "C"]
    for n in names:
        s.sets[n] = set()
        s.emit("new", n)
    for _ in range(rng.randrange(20, 120)):
        n = rng.choice(names)
        op = rng.randrange(12)
        if op < 5:
            v = rng.choice(pool)
            s.sets[n].add(v)
            s.emit("add", n, enc(v))
        elif op < 8:
            v = rng.choice(pool)
            s.sets[n].discard(v)
            s.emit("discard", n, enc(v))
        elif op == 8 and s.sets[n]:
            v = s.sets[n].pop()
            s.emit("pop_expect", n, repr(v))
        elif op == 9:
            vs = [rng.choice(pool) for _ in range(rng.randrange(0, 12))]
            s.sets[n].update(vs)
            s.emit("update", n, *[enc(v) for v in vs])
        elif op == 10:
            a, b = rng.choice(names), rng.choice(names)
            which = rng.choice(["or", "and", "sub", "xor"])
            r = {"or": s.sets[a] | s.sets[b], "and": s.sets[a] & s.sets[b],
                 "sub": s.sets[a] - s.sets[b], "xor": s.sets[a] ^ s.sets[b]}[which]
            s.sets[n] = r
            s.emit(which, n, a, b)
        else:
            b = rng.choice(names)
            which = rng.choice(["ior", "iand", "isub", "ixor"])
            if which == "ior":
                s.sets[n] |= s.sets[b]
            elif which == "iand":
                s.sets[n] &= s.sets[b]
            elif which == "isub":
                s.sets[n] -= s.sets[b]
            else:
                s.sets[n] ^= s.sets[b]
            s.emit(which, n, b)
        if rng.randrange(4) == 0:
            s.expect(n)
    for n in names:
        s.expect(n)
    # Copies, frozensets and the method forms with list arguments.
    vs = [rng.choice(pool) for _ in range(rng.randrange(0, 30))]
    s.sets["F"] = frozenset(vs)
    s.emit("frozen", "F", *[enc(v) for v in vs])
    s.expect("F")
    s.sets["D"] = s.sets["A"].copy()
    s.emit("copy", "D", "A")
    s.expect("D")
    for method in ["union", "intersection", "difference", "symmetric_difference"]:
        vs = [rng.choice(pool) for _ in range(rng.randrange(0, 20))]
        s.sets["E"] = getattr(s.sets["B"], method)(vs)
        s.emit(method, "E", "B", *[enc(v) for v in vs])
        s.expect("E")
    vs = [rng.choice(pool) for _ in range(rng.randrange(0, 60))]
    s.sets["L"] = set(vs)
    s.emit("fromlist", "L", *[enc(v) for v in vs])
    s.expect("L")


def fixed_scripts():
    out = []
    s = Script()
    for name, vals in [("A", [3, 1, 2]), ("B", ["b", "a", "c"]), ("C", [(1, 2), (0, 0), (2, 1)]),
                       ("D", [8, 0, 16, 24, 32]), ("E", list(range(100, 0, -7))),
                       ("G", [2**40, -1, -2, 7, 2**61 - 1, 2**61])]:
        s.sets[name] = set(vals)
        s.emit("fromlist", name, *[enc(v) for v in vals])
        s.expect(name)
    out.append(("literals", s))
    s = Script()  # the last dummy on the probe path is reused (CPython 3.11)
    s.sets["A"] = {0, 8, 16}
    s.emit("fromlist", "A", "i0", "i8", "i16")
    for v in (0, 16):
        s.sets["A"].discard(v)
        s.emit("discard", "A", enc(v))
    s.sets["A"].add(24)
    s.emit("add", "A", "i24")
    s.expect("A")
    out.append(("dummy_reuse", s))
    s = Script()  # growth across several resizes, then draining by pop
    s.sets["A"] = set()
    s.emit("new", "A")
    for v in range(0, 3000, 7):
        s.sets["A"].add(v * 31)
        s.emit("add", "A", enc(v * 31))
    s.expect("A")
    for _ in range(200):
        v = s.sets["A"].pop()
        s.emit("pop_expect", "A", repr(v))
    s.expect("A")
    out.append(("growth_and_pop", s))
    s = Script()
    s.sets["A"] = frozenset()
    s.emit("frozen", "A")
    s.expect("A")
    s.sets["B"] = frozenset([1, 2, 3])
    s.emit("frozen", "B", "i1", "i2", "i3")
    s.expect("B")
    out.append(("frozenset_hash", s))
    return out


def main():
    rng = random.Random(20240611)
    scripts = fixed_scripts()
    for i in range(60):
        s = Script()
        random_script(rng, s)
        scripts.append(("random_%d" % i, s))
    print("// Generated by set_order_test_data.py from CPython 3.11 (PYTHONHASHSEED=0). Do not edit.")
    print("// clang-format off")
    print("static const SetScript kSetScripts[] = {")
    for name, s in scripts:
        body = "\n".join(s.lines)
        print('  {"%s", R"SCRIPT(%s)SCRIPT"},' % (name, body))
    print("};")
    print("// clang-format on")


if __name__ == "__main__":
    main()
