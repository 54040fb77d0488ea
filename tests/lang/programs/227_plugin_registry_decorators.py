# Exercises class decorators and function decorators that register plugins in a dict, with validation and lookup.
REGISTRY = {}


def register(kind, *, aliases=()):
    def decorator(cls):
        if kind in REGISTRY:
            raise KeyError(f"duplicate plugin {kind!r}")
        REGISTRY[kind] = cls
        for alias in aliases:
            REGISTRY[alias] = cls
        cls.kind = kind
        return cls
    return decorator


def requires(*fields):
    def decorator(cls):
        original = cls.__init__

        def __init__(self, **config):
            missing = [f for f in fields if f not in config]
            if missing:
                raise ValueError(f"{cls.__name__} missing config: {', '.join(missing)}")
            original(self, **config)
        cls.__init__ = __init__
        return cls
    return decorator


class Exporter:
    def __init__(self, **config):
        self.config = config

    def export(self, rows):
        raise NotImplementedError


@register("csv", aliases=("comma",))
class CsvExporter(Exporter):
    def export(self, rows):
        sep = self.config.get("sep", ",")
        return "\n".join(sep.join(map(str, r)) for r in rows)


@register("table")
@requires("width")
class TableExporter(Exporter):
    def export(self, rows):
        w = self.config["width"]
        return "\n".join("|".join(str(v).center(w) for v in r) for r in rows)


def create(kind, **config):
    try:
        cls = REGISTRY[kind]
    except KeyError:
        raise LookupError(f"no exporter {kind!r}; known: {', '.join(sorted(REGISTRY))}") from None
    return cls(**config)


rows = [("id", "name"), (1, "ann"), (2, "bo")]
print(create("csv").export(rows))
print(create("comma", sep=";").export(rows))
print(create("table", width=6).export(rows))
for kind, cfg in [("table", {}), ("xml", {})]:
    try:
        create(kind, **cfg)
    except (ValueError, LookupError) as exc:
        print(type(exc).__name__ + ":", exc)
try:
    @register("csv")
    class DuplicateExporter(Exporter):
        pass
except KeyError as exc:
    print("KeyError:", exc)
print(sorted((k, v.__name__, v.kind) for k, v in REGISTRY.items()))
