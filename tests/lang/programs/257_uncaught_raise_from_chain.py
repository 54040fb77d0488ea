# Exercises an uncaught exception raised with `raise ... from ...`: the last stderr line is the outer exception.
class ConfigError(Exception):
    pass


def load_port(settings):
    try:
        return int(settings["port"])
    except ValueError as exc:
        raise ConfigError(f"port must be an integer, got {settings['port']!r}") from exc


print(load_port({"port": "8080"}))
print(load_port({"port": "80eighty"}))
