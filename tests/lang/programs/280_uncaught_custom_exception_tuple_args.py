# Exercises an uncaught user exception raised with several arguments: str() shows the args tuple.
class ConfigError(Exception):
    pass


LIMITS = {"port": (1, 65535), "workers": (1, 64)}


def check(name, value):
    lo, hi = LIMITS[name]
    if not lo <= value <= hi:
        raise ConfigError(name, value)
    print(f"{name}={value} ok")


check("workers", 8)
check("port", 99999)
