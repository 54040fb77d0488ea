# Exercises triple-quoted strings (both quote styles), embedded quotes, and line processing.
POEM = """Roses are red,
  Violets are blue,
Sugar is "sweet",
  And so are you."""

CONFIG = '''
[server]
host = 'localhost'
port = 8080
'''

print(POEM)
lines = POEM.splitlines()
print(len(lines), [len(l) for l in lines])
indented = [l for l in lines if l.startswith("  ")]
print(indented)
print(repr(CONFIG[:10]))
entries = {}
for raw in CONFIG.strip().splitlines():
    raw = raw.strip()
    if raw.startswith("["):
        section = raw[1:-1]
        continue
    key, _, value = raw.partition("=")
    entries[section + "." + key.strip()] = value.strip().strip("'")
print(entries)
doc = """Line with \"escaped\" quotes and a tab:\there.
Backslash-newline joins \
this line."""
print(doc)
print("""a""" + '''b''' + """c""")
empty = """"""
print(repr(empty), len(empty))
