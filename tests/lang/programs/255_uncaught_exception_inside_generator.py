# Exercises an uncaught exception raised inside a generator while a for-loop consumes it.
def parse_records(lines):
    for lineno, line in enumerate(lines, 1):
        name, _, qty = line.partition(",")
        if not qty:
            raise ValueError(f"line {lineno}: missing quantity for {name!r}")
        yield name, int(qty)


data = ["tea,3", "jam,1", "bread", "milk,2"]
for name, qty in parse_records(data):
    print(f"{name}: {qty}")
