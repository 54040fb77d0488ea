# Exercises an iterator class with __next__ that skips comments, for/else searches, walrus in comprehensions and a global tally.
LOG = """\
# boot sequence
INFO start
WARN disk 91%
# maintenance window
INFO job=a ok
ERROR job=b failed code=7
INFO job=c ok
ERROR job=d failed code=3
"""
scanned = 0


class LogLines:
    def __init__(self, text):
        self.lines = text.splitlines()
        self.pos = 0

    def __iter__(self):
        return self

    def __next__(self):
        global scanned
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            self.pos += 1
            scanned += 1
            if line and not line.startswith("#"):
                level, _, rest = line.partition(" ")
                return level, rest
        raise StopIteration


entries = list(LogLines(LOG))
print(len(entries), scanned, entries[:2])
for level, rest in LogLines(LOG):
    if level == "ERROR":
        print("first error:", rest)
        break
else:
    print("no errors")
for level, rest in LogLines(LOG):
    if level == "FATAL":
        print("fatal:", rest)
        break
else:
    print("no fatal entries")
codes = [int(code) for level, rest in entries if level == "ERROR" and (code := rest.split("code=")[-1])]
print(codes, sum(codes))
by_level = {}
it = LogLines(LOG)
while (entry := next(it, None)) is not None:
    by_level[entry[0]] = by_level.get(entry[0], 0) + 1
print(by_level, scanned)
