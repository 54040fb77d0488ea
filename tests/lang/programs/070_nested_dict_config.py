# Exercises nested dict/list structures: recursive merge, dotted-path get/set, flattening and pretty printing.
BASE = {"app": {"name": "demo", "db": {"host": "localhost", "port": 5432}, "features": ["a"]}, "log": {"level": "INFO"}}
OVERRIDE = {"app": {"db": {"port": 6543, "user": "svc"}, "features": ["b"]}, "log": {"level": "DEBUG"}}


def deep_merge(a, b):
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def get_path(d, path, default=None):
    for part in path.split("."):
        if not isinstance(d, dict) or part not in d:
            return default
        d = d[part]
    return d


def set_path(d, path, value):
    *parents, last = path.split(".")
    for part in parents:
        d = d.setdefault(part, {})
    d[last] = value


def flatten(d, prefix=""):
    items = {}
    for k, v in d.items():
        key = prefix + k
        if isinstance(v, dict):
            items.update(flatten(v, key + "."))
        else:
            items[key] = v
    return items


def pretty(value, indent=0):
    pad = "  " * indent
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, dict):
                print(f"{pad}{k}:")
                pretty(v, indent + 1)
            else:
                print(f"{pad}{k}: {v!r}")


cfg = deep_merge(BASE, OVERRIDE)
pretty(cfg)
print(get_path(cfg, "app.db.port"), get_path(cfg, "app.db.missing", "n/a"), get_path(cfg, "log.level.x"))
set_path(cfg, "cache.redis.ttl", 60)
set_path(cfg, "app.name", "prod")
for k, v in flatten(cfg).items():
    print(f"{k} = {v}")
print(BASE["app"]["db"]["port"], BASE["app"]["name"])
