# Exercises an INI parser: sections, comments, type coercion, nested dicts and error collection.
CONFIG = """
; global settings
[server]
host = 127.0.0.1
port = 8080
debug = yes

[database]
# connection details
url = postgres://db/main
pool_size = 5
timeout = 2.5
bad line without equals
[empty]

[server]
port = 9090
"""


def coerce(value):
    low = value.lower()
    if low in ("yes", "true", "on"):
        return True
    if low in ("no", "false", "off"):
        return False
    if value.isdigit():
        return int(value)
    try:
        return float(value)
    except ValueError:
        return value


def parse_ini(text):
    sections, errors, current = {}, [], None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        key, eq, value = line.partition("=")
        if not eq or current is None:
            errors.append(f"line {lineno}: cannot parse {line!r}")
            continue
        current[key.strip()] = coerce(value.strip())
    return sections, errors


sections, errors = parse_ini(CONFIG)
for name, values in sections.items():
    print(f"[{name}]")
    for k, v in values.items():
        print(f"  {k} = {v!r} ({type(v).__name__})")
print(errors)
print(sections["server"]["port"] + 1, sections["database"]["timeout"] * 2, sections.get("missing", {}))
