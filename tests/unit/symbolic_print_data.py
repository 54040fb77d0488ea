#!/usr/bin/env python3
"""Writes symbolic_print_data.inc: symbolic size expressions built the way
PyTorch 2.14 builds them (sympy 1.14 arithmetic, relations and logic, and
PyTorch's FloorDiv / Mod / PythonMod / CeilDiv / ModularIndexing / Max / Min /
PowByNatural / IntTrueDiv / FloatTrueDiv), each as a construction recipe and
sympy's str() of the result, for symbolic_print_test.cpp to rebuild with
refc's Expr and compare. Run it with the PyTorch peer from the repository
root:

    ../shared/peer/torch-peer tests/unit/symbolic_print_data.py > tests/unit/symbolic_print_data.inc

A recipe is prefix notation, one token per word: an operation followed by its
operands (see OPERATIONS), or a leaf `int N`, `true`, `false`, `sym NAME`
(an integer symbol with positive=True, as the ShapeEnv makes sizes), `int_sym
NAME` (integer=True only, as unbacked and unspecified ints are) or `real_sym
NAME` (real=True, as float symbols are).

Each row also has the expression printed with every symbol shown as a
source (L['s0'].size()[0]). Recipes whose construction raises are left out,
and so are those where PyTorch applied a rule outside where it holds
(RULES_BEYOND_THEIR_DOMAIN below: refc keeps such rules to where they keep
the value); the file's header counts them.
"""
import random
import sys

import sympy
from sympy.printing.str import StrPrinter
from torch.utils._sympy.functions import (
    CeilDiv,
    FloatTrueDiv,
    FloorDiv,
    IntTrueDiv,
    Max,
    Min,
    Mod,
    ModularIndexing,
    PowByNatural,
    PythonMod,
    ToFloat,
)

SIZE_SYMBOLS = ["s0", "s1", "s2", "s10"]
INT_SYMBOLS = ["u0", "u1"]
REAL_SYMBOL = "zf0"


def symbol(kind, name):
    if kind == "sym":
        return sympy.Symbol(name, integer=True, positive=True)
    if kind == "int_sym":
        return sympy.Symbol(name, integer=True)
    return sympy.Symbol(name, real=True)


def mod(a, b):
    # sym_node's _sympy_mod: Mod when both sides are known nonnegative.
    if a.is_nonnegative and b.is_nonnegative:
        return Mod(a, b)
    return PythonMod(a, b)


def is_float(e):
    return e.is_integer is not True and not e.is_Boolean


def truediv(a, b):
    # SymNode.truediv: int / int is IntTrueDiv; with a float side both are
    # floats (ints promoted with ToFloat) and it is FloatTrueDiv.
    if not is_float(a) and not is_float(b):
        return IntTrueDiv(a, b)
    if not is_float(a):
        a = ToFloat(a)
    if not is_float(b):
        b = ToFloat(b)
    return FloatTrueDiv(a, b)


# name -> (arity, builder); the C++ test maps the same names to Expr's API.
OPERATIONS = {
    "add": (2, lambda a, b: a + b),
    "sub": (2, lambda a, b: a - b),
    "mul": (2, lambda a, b: a * b),
    "neg": (1, lambda a: -a),
    "pow": (2, lambda a, b: PowByNatural(a, b)),
    "floordiv": (2, FloorDiv),
    "mod": (2, mod),
    "ceildiv": (2, CeilDiv),
    "modular_indexing": (3, ModularIndexing),
    "max": (2, Max),
    "min": (2, Min),
    "truediv": (2, truediv),
    "eq": (2, sympy.Eq),
    "ne": (2, sympy.Ne),
    "lt": (2, sympy.Lt),
    "le": (2, sympy.Le),
    "gt": (2, sympy.Gt),
    "ge": (2, sympy.Ge),
    "and": (2, sympy.And),
    "or": (2, sympy.Or),
    "not": (1, sympy.Not),
}


def build(tokens):
    """Builds the expression of a recipe (a list of tokens, consumed)."""
    op = tokens.pop(0)
    if op == "int":
        return sympy.Integer(int(tokens.pop(0)))
    if op == "true":
        return sympy.true
    if op == "false":
        return sympy.false
    if op in ("sym", "int_sym", "real_sym"):
        return symbol(op, tokens.pop(0))
    arity, fn = OPERATIONS[op]
    args = [build(tokens) for _ in range(arity)]
    return fn(*args)


class Generator:
    """Random recipes over a few symbols, shaped like the sizes tracing
    produces: sums and products of sizes with small constants, divisions and
    remainders by constants or sizes, max/min, comparisons and their
    conjunctions."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def constant(self):
        r = self.rng.random()
        if r < 0.7:
            return ["int", str(self.rng.randint(-4, 8))]
        if r < 0.9:
            return ["int", str(self.rng.choice([16, 32, 64, 128, 1024, -16, 12, 24]))]
        return ["int", str(self.rng.randint(-100, 100))]

    def int_leaf(self):
        r = self.rng.random()
        if r < 0.55:
            return ["sym", self.rng.choice(SIZE_SYMBOLS)]
        if r < 0.65:
            return ["int_sym", self.rng.choice(INT_SYMBOLS)]
        return self.constant()

    def positive_divisor(self, depth):
        r = self.rng.random()
        if r < 0.6:
            return ["int", str(self.rng.choice([1, 2, 2, 3, 4, 4, 8, 16, 6, 32]))]
        if r < 0.9:
            return ["sym", self.rng.choice(SIZE_SYMBOLS)]
        return self.int_expr(depth - 1)

    def int_expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.25:
            return self.int_leaf()
        r = self.rng.random()
        if r < 0.22:
            return ["add"] + self.int_expr(depth - 1) + self.int_expr(depth - 1)
        if r < 0.32:
            return ["sub"] + self.int_expr(depth - 1) + self.int_expr(depth - 1)
        if r < 0.50:
            return ["mul"] + self.int_expr(depth - 1) + self.int_expr(depth - 1)
        if r < 0.53:
            return ["neg"] + self.int_expr(depth - 1)
        if r < 0.57:
            return ["pow"] + self.int_expr(depth - 1) + ["int", str(self.rng.choice([0, 1, 2, 2, 3]))]
        if r < 0.68:
            return ["floordiv"] + self.int_expr(depth - 1) + self.positive_divisor(depth)
        if r < 0.77:
            return ["mod"] + self.int_expr(depth - 1) + self.positive_divisor(depth)
        if r < 0.81:
            return ["ceildiv"] + self.int_expr(depth - 1) + self.positive_divisor(depth)
        if r < 0.83:
            return (["modular_indexing"] + self.int_expr(depth - 1)
                    + self.positive_divisor(depth) + self.positive_divisor(depth))
        if r < 0.92:
            return ["max"] + self.int_expr(depth - 1) + self.int_expr(depth - 1)
        return ["min"] + self.int_expr(depth - 1) + self.int_expr(depth - 1)

    def bool_expr(self, depth):
        r = self.rng.random()
        if depth <= 0 or r < 0.6:
            rel = self.rng.choice(["eq", "ne", "lt", "le", "gt", "ge"])
            return [rel] + self.int_expr(depth) + self.int_expr(self.rng.randint(0, depth))
        if r < 0.75:
            return ["and"] + self.bool_expr(depth - 1) + self.bool_expr(depth - 1)
        if r < 0.9:
            return ["or"] + self.bool_expr(depth - 1) + self.bool_expr(depth - 1)
        if r < 0.97:
            return ["not"] + self.bool_expr(depth - 1)
        return [self.rng.choice(["true", "false"])]

    def float_expr(self, depth):
        r = self.rng.random()
        if r < 0.5:
            return ["truediv"] + self.int_expr(depth) + self.positive_divisor(depth)
        if r < 0.8:
            return ["truediv", "real_sym", REAL_SYMBOL] + self.int_expr(depth)
        return ["truediv"] + self.int_expr(depth) + ["real_sym", REAL_SYMBOL]

    def size(self):
        """A size as meta functions compute them: a symbol, a constant, or
        arithmetic on sizes."""
        r = self.rng.random()
        if r < 0.5:
            return ["sym", self.rng.choice(SIZE_SYMBOLS)]
        if r < 0.6:
            return ["int", str(self.rng.choice([1, 2, 3, 4, 8, 16]))]
        if r < 0.75:
            return ["mul"] + self.size() + self.size()
        if r < 0.85:
            return ["add"] + self.size() + self.size()
        return ["sub"] + self.size() + ["int", str(self.rng.randint(1, 4))]

    def shape_formula(self):
        """Formulas meta functions and decompositions write: convolution and
        pooling output sizes, padding, ceil divisions, numel, broadcasting,
        divisibility and bounds checks."""
        r = self.rng.random()
        k, s, p = (str(self.rng.choice(v)) for v in ([1, 2, 3, 5, 7], [1, 2, 3, 4], [0, 1, 2, 3]))
        if r < 0.15:  # (n + 2p - k) // s + 1
            return (["add", "floordiv", "sub", "add"] + self.size() + ["int", str(2 * int(p)), "int", k,
                    "int", s, "int", "1"])
        if r < 0.25:
            return ["ceildiv"] + self.size() + ["int", s]
        if r < 0.35:
            return ["mul"] + self.size() + ["mul"] + self.size() + self.size()
        if r < 0.45:
            return ["max"] + self.size() + self.size()
        if r < 0.55:
            return ["eq", "mod"] + self.size() + ["int", s, "int", "0"]
        if r < 0.65:
            return [self.rng.choice(["lt", "le", "ge", "gt", "eq", "ne"])] + self.size() + self.size()
        if r < 0.72:
            return ["floordiv"] + self.size() + self.size()
        if r < 0.79:
            return ["mod"] + self.size() + self.size()
        if r < 0.86:
            return ["sub", "mul"] + self.size() + self.size() + ["mul"] + self.size() + self.size()
        if r < 0.93:
            return ["and", "ge"] + self.size() + ["int", "0", "lt"] + self.size() + self.size()
        return ["mul", "add"] + self.size() + ["int", p] + ["add"] + self.size() + ["int", s]

    def recipe(self):
        r = self.rng.random()
        depth = self.rng.choice([1, 2, 2, 3, 3, 4])
        if r < 0.2:
            return self.shape_formula()
        if r < 0.6:
            return self.int_expr(depth)
        if r < 0.96:
            return self.bool_expr(depth - 1)
        return self.float_expr(depth - 1)


# Hand-written cases: the printed forms docs/design/symbolic.md lists, and
# the corners of sympy's printer (term and factor order, signs, constants).
CURATED = [
    "add add mul sym s0 sym s1 mul int 2 sym s0 int 1",
    "add pow sym s1 int 2 sym s0",
    "add neg sym s0 sym s1",
    "sub sym s0 int 1",
    "sub int 2 sym s0",
    "sub mul sym s1 mul sym s0 sym s0 mul int 3 sym s2",
    "add mul int -2 mul sym s0 sym s1 sym s2",
    "add floordiv sym s0 int 2 int 1",
    "mul int 3 floordiv sym s0 int 2",
    "floordiv mul sym s0 sym s1 sym s2",
    "floordiv add mul int 2 sym s0 int 4 int 2",
    "mod sym s0 int 2",
    "mod int_sym u0 int 2",
    "max sym s0 sym s1",
    "eq sym s0 int 33",
    "ne sym s0 sym s1",
    "lt sym s0 sym s1",
    "and eq sym s0 int 1 lt sym s1 int 3",
    "mul sym s0 sym s0",
    "add sym s10 sym s2",
    "mul sym s2 sym s10",
    "add sym s0 mul sym s1 add sym s0 int 1",
    "mul mul add sym s0 int 1 int 2 sym s1",
    "mul sym s1 mul int 2 add sym s0 int 1",
    "mul int 2 mul add sym s0 int 1 sym s1",
    "mul add sym s0 int 1 add sym s0 int 1",
    "pow add mul int 2 sym s0 int 2 int 2",
    "mul sub int 1 sym s0 sym s1",
    "mul sub sym s0 sym s1 sym s2",
    "neg add sym s0 sym s1",
    "sub int -1 sym s0",
    "add int 1 sub sym s1 sym s0",
    "ceildiv sym s0 int 2",
    "ceildiv mul int 2 sym s0 int 2",
    "neg floordiv neg sym s0 int 2",
    "max add sym s0 int 1 sym s2",
    "max floordiv sym s0 int 2 add mul sym s1 sym s2 int 1",
    "ge sym s0 int 1",
    "gt sym s0 int 1",
    "eq sym s0 int 0",
    "eq int_sym u0 int -1",
    "gt sym s0 int 0",
    "le add sym s0 sym s1 int 1",
    "ge add sym s0 sym s1 int 2",
    "not lt sym s0 sym s1",
    "not eq sym s0 sym s1",
    "or or eq sym s0 int 1 lt sym s1 int 3 gt sym s0 int 5",
    "not and lt sym s0 sym s1 lt sym s1 sym s2",
    "lt floordiv sym s0 int 2 int 3",
    "modular_indexing sym s0 int 1 int 4",
    "modular_indexing add sym s0 int 4 int 2 int 8",
    "truediv sym s0 int 2",
    "truediv real_sym zf0 int 2",
    "truediv sym s0 real_sym zf0",
    "pow sym s0 int 3",
    "pow add sym s0 int 1 int 2",
    "mul pow add sym s0 int 1 int 2 add sym s0 int 1",
    "min sym s0 int 1",
    "max sym s0 int 1",
    "max int_sym u0 int 0",
    "min add sym s0 int 2 add sym s0 int 3",
    "max mul int 2 sym s0 mul int 3 sym s0",
]


class SourcePrinter(StrPrinter):
    """str() with each symbol printed as a source, as produce_guards prints
    L['x'].size()[0] for s0: the term order is sympy's, from the symbols."""

    def _print_Symbol(self, expr):
        return "L['%s'].size()[0]" % expr.name


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# PyTorch applies three rules beyond where they hold, for divisors it
# assumes positive; refc applies them only where they keep the value, so
# the recipes where PyTorch applied one outside that are left out:
#  - FloorDiv(FloorDiv(a, b), c) -> FloorDiv(a, b*c) needs c >= 0
#    ((12 // 5) // -2 is -1, 12 // -10 is -2);
#  - ModularIndexing(FloorDiv(a, b), c, m) -> ModularIndexing(a, b*c, m)
#    likewise;
#  - PythonMod(p, q) -> p for p < q with p / q positive needs q >= 0
#    (-7 % -5 is -2).
# And one assumption: ModularIndexing(a, b, m) is (a // b) % m, whose sign is
# m's, but PyTorch derives it from the signs of a and b.
RULES_BEYOND_THEIR_DOMAIN = {
    "floordiv": "FloorDiv(FloorDiv(a, b), c) merged for c not known nonnegative",
    "modular_indexing": "ModularIndexing(FloorDiv(a, b), c, m) merged for c not known nonnegative",
    "python_mod": "PythonMod(p, q) -> p for q not known nonnegative",
    "modular_indexing_sign": "ModularIndexing's sign taken from its base and divisor",
}
rules_applied = set()


def watch(cls, name, applied):
    """Wraps cls.eval to note when `applied(args, result)` says the rule
    fired outside its domain."""
    original = cls.eval.__func__

    def checked(klass, *args):
        result = original(klass, *args)
        if result is not None and applied(args, result):
            rules_applied.add(name)
        return result

    cls.eval = classmethod(checked)


watch(FloorDiv, "floordiv", lambda args, result: isinstance(args[0], FloorDiv)
      and args[1].is_nonnegative is not True
      and result == FloorDiv(args[0].args[0], args[0].args[1] * args[1]))
watch(ModularIndexing, "modular_indexing", lambda args, result: isinstance(args[0], FloorDiv)
      and args[1].is_nonnegative is not True
      and result == ModularIndexing(args[0].args[0], args[0].args[1] * args[1], args[2]))
watch(PythonMod, "python_mod", lambda args, result: result == args[0] and not args[0].is_Number
      and args[1].is_nonnegative is not True)

_modular_indexing_sign = ModularIndexing._eval_is_nonnegative


def _checked_modular_indexing_sign(self):
    answer = _modular_indexing_sign(self)
    if answer is not None and answer != (True if self.args[2].is_positive else None):
        rules_applied.add("modular_indexing_sign")
    return answer


ModularIndexing._eval_is_nonnegative = _checked_modular_indexing_sign
ModularIndexing._prop_handler["nonnegative"] = _checked_modular_indexing_sign  # what sympy's _ask calls


def main():
    gen = Generator(2014)
    rows, seen, skipped = [], set(), {}
    recipes = [r.split() for r in CURATED]
    while len(recipes) < 6500:
        recipes.append(gen.recipe())
    for recipe in recipes:
        text = " ".join(recipe)
        if text in seen:
            continue
        seen.add(text)
        rules_applied.clear()
        sympy.core.cache.clear_cache()  # fresh objects: their assumptions are asked again
        try:
            expr = build(list(recipe))
        except ZeroDivisionError:
            skipped["division by zero (refc throws as sympy raises)"] = \
                skipped.get("division by zero (refc throws as sympy raises)", 0) + 1
            continue
        reason = "; ".join(RULES_BEYOND_THEIR_DOMAIN[r] for r in sorted(rules_applied))
        if reason:
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        rows.append((text, str(expr), SourcePrinter().doprint(expr)))
    out = sys.stdout
    out.write("// Generated by symbolic_print_data.py with sympy %s under PyTorch 2.14; do not edit.\n"
              % sympy.__version__)
    for reason, count in sorted(skipped.items()):
        out.write("// left out: %d recipes: %s\n" % (count, reason))
    for text, printed, with_sources in rows:
        out.write("  {%s, %s, %s},\n" % (c_string(text), c_string(printed), c_string(with_sources)))


if __name__ == "__main__":
    main()
