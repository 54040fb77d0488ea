# Exercises merging configuration dicts with update, | and |=, ** unpacking, pop with defaults and del.
defaults = {"host": "localhost", "port": 80, "debug": False, "tags": ["base"]}
env = {"port": 8080, "debug": True}
cli = {"host": "example.org"}

merged = dict(defaults)
merged.update(env)
merged.update(cli)
print(merged)
print(defaults | env | cli == merged, {**defaults, **env, **cli} == merged)
layered = defaults | {"port": 1}
layered |= {"extra": "yes"}
print(layered)
print(defaults)
options = {"verbose": True, "retries": 3, "timeout": 1.5}
verbose = options.pop("verbose")
retries = options.pop("retries", 0)
missing = options.pop("color", "auto")
print(verbose, retries, missing, options)
del options["timeout"]
print(options, len(options))


def connect(host, port, **extra):
    return f"{host}:{port} extra={sorted(extra.items())}"


print(connect(**merged))
print(connect(**{"host": "h", "port": 1}, retry=True))
shallow = dict(defaults)
shallow["tags"].append("shared!")
print(defaults["tags"], shallow["tags"] is defaults["tags"])
counts = {}
for word in "a b a c b a".split():
    counts.update({word: counts.get(word, 0) + 1})
print(counts, dict(sorted(counts.items(), key=lambda kv: -kv[1])))
