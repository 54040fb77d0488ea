# Exercises a mini spreadsheet: formula parsing, recursive evaluation with memo, dependency tracking and cycle errors.
class CycleError(Exception):
    pass


class Sheet:
    def __init__(self):
        self.cells = {}

    def set(self, name, value):
        self.cells[name] = value

    def refs(self, name):
        raw = self.cells.get(name, 0)
        if isinstance(raw, str) and raw.startswith("="):
            return sorted({tok for tok in raw[1:].replace("(", " ").replace(")", " ").replace(",", " ").replace("+", " ").replace("*", " ").split() if tok[0].isalpha() and tok not in ("SUM", "MAX")})
        return []

    def evaluate(self, name, visiting=None, memo=None):
        visiting = set() if visiting is None else visiting
        memo = {} if memo is None else memo
        if name in memo:
            return memo[name]
        if name in visiting:
            raise CycleError(f"cycle through {name}")
        visiting.add(name)
        raw = self.cells.get(name, 0)
        if isinstance(raw, str) and raw.startswith("="):
            value = self.formula(raw[1:], visiting, memo)
        else:
            value = raw
        visiting.discard(name)
        memo[name] = value
        return value

    def formula(self, expr, visiting, memo):
        expr = expr.strip()
        for fn, combine in (("SUM(", sum), ("MAX(", max)):
            if expr.startswith(fn) and expr.endswith(")"):
                args = [a.strip() for a in expr[len(fn):-1].split(",")]
                return combine(self.formula(a, visiting, memo) for a in args)
        if "+" in expr:
            return sum(self.formula(p, visiting, memo) for p in expr.split("+"))
        if "*" in expr:
            result = 1
            for p in expr.split("*"):
                result *= self.formula(p, visiting, memo)
            return result
        if expr[0].isalpha():
            return self.evaluate(expr, visiting, memo)
        return float(expr) if "." in expr else int(expr)


s = Sheet()
s.set("A1", 10)
s.set("A2", 32)
s.set("A3", "=A1+A2")
s.set("B1", "=A3*2")
s.set("B2", "=SUM(A1, A2, B1)")
s.set("B3", "=MAX(A1, B2, 7)")
s.set("C1", "=B3*0.5+1")
for cell in ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "Z9"]:
    print(cell, s.cells.get(cell, "<empty>"), "->", s.evaluate(cell), s.refs(cell))
s.set("A1", 100)
print("after A1=100:", s.evaluate("C1"))
s.set("A1", "=C1")
try:
    s.evaluate("B3")
except CycleError as exc:
    print("CycleError:", exc)
