# Exercises str.split and str.rsplit with and without separators and maxsplit.
line = "  alpha  beta\tgamma\n delta  "
print(line.split())
print(line.split(" "))
print("a,b,,c,".split(","))
print("a,b,,c,".split(",", 1), "a,b,,c,".rsplit(",", 1), "a,b,,c,".rsplit(",", 2))
print("one two three four".split(maxsplit=2), "one two three four".rsplit(maxsplit=2))
print("".split(), "".split(","), "   ".split(), "x".split(","))
print("a--b--c".split("--"), "path/to/file.txt".rsplit("/", 1), "file.tar.gz".rsplit(".", 1)[-1])
print("k=v=w".split("=", 1), "no-separator".split("|"))

LOG = """2024-01-05 INFO user=alice action=login
2024-01-05 WARN user=bob action=retry count=3
2024-01-06 ERROR user=alice action=crash code=500"""
records = []
for entry in LOG.split("\n"):
    date, level, *pairs = entry.split()
    fields = dict(p.split("=", 1) for p in pairs)
    records.append((date, level, fields))
for date, level, fields in records:
    print(date, level.ljust(5), sorted(fields.items()))
by_user = {}
for _, level, fields in records:
    by_user.setdefault(fields["user"], []).append(level)
print(by_user)
email = "first.last@example.co.uk"
local, domain = email.split("@")
print(local.split("."), domain.rsplit(".", 2), domain.split(".", -1))
