# Exercises a small query builder over dict records: chained methods returning self, filters as lambdas, group/aggregate.
class Query:
    def __init__(self, rows):
        self.rows = rows
        self.filters = []
        self.order = None
        self.limit_n = None
        self.fields = None

    def where(self, **conds):
        for key, value in conds.items():
            field, _, op = key.partition("__")
            op = op or "eq"
            tests = {
                "eq": lambda v, x: v == x,
                "gt": lambda v, x: v > x,
                "lt": lambda v, x: v < x,
                "in": lambda v, x: v in x,
                "startswith": lambda v, x: v.startswith(x),
            }
            test = tests[op]
            self.filters.append(lambda r, f=field, t=test, x=value: t(r[f], x))
        return self

    def order_by(self, field):
        self.order = (field.lstrip("-"), field.startswith("-"))
        return self

    def limit(self, n):
        self.limit_n = n
        return self

    def select(self, *fields):
        self.fields = fields
        return self

    def run(self):
        out = [r for r in self.rows if all(f(r) for f in self.filters)]
        if self.order:
            out.sort(key=lambda r: r[self.order[0]], reverse=self.order[1])
        if self.limit_n is not None:
            out = out[:self.limit_n]
        if self.fields:
            out = [{k: r[k] for k in self.fields} for r in out]
        return out


PEOPLE = [
    {"name": "ann", "age": 34, "city": "oslo", "salary": 72000},
    {"name": "bob", "age": 27, "city": "rome", "salary": 51000},
    {"name": "cyd", "age": 45, "city": "oslo", "salary": 88000},
    {"name": "dan", "age": 19, "city": "lima", "salary": 23000},
    {"name": "eva", "age": 38, "city": "rome", "salary": 95000},
    {"name": "abe", "age": 61, "city": "lima", "salary": 67000},
]
print(Query(PEOPLE).where(city="oslo").select("name", "age").run())
print(Query(PEOPLE).where(age__gt=30, salary__lt=90000).order_by("-salary").select("name").run())
print(Query(PEOPLE).where(city__in={"rome", "lima"}).order_by("age").limit(3).select("name", "city").run())
print(Query(PEOPLE).where(name__startswith="a").run())
groups = {}
for r in Query(PEOPLE).run():
    groups.setdefault(r["city"], []).append(r["salary"])
print({c: (len(s), sum(s) // len(s), max(s)) for c, s in sorted(groups.items())})
