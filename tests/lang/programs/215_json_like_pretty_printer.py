# Exercises a recursive JSON-style serializer and parser for dict/list/str/int/float/bool/None with escapes and indentation.
def dumps(value, indent=0, level=0):
    pad = " " * (indent * (level + 1))
    end_pad = " " * (indent * level)
    sep = ",\n" if indent else ", "
    nl = "\n" if indent else ""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return '"' + escaped + '"'
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        inner = sep.join(pad + dumps(v, indent, level + 1) for v in value)
        return "[" + nl + inner + nl + end_pad + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = sep.join(pad + dumps(str(k)) + ": " + dumps(v, indent, level + 1) for k, v in value.items())
        return "{" + nl + inner + nl + end_pad + "}"
    raise TypeError(f"Object of type {type(value).__name__} is not serializable")


def loads(text):
    pos = 0

    def skip():
        nonlocal pos
        while pos < len(text) and text[pos] in " \n\t":
            pos += 1

    def value():
        nonlocal pos
        skip()
        ch = text[pos]
        if ch == "{":
            pos += 1
            out = {}
            skip()
            if text[pos] == "}":
                pos += 1
                return out
            while True:
                key = value()
                skip()
                pos += 1
                out[key] = value()
                skip()
                pos += 1
                if text[pos - 1] == "}":
                    return out
        if ch == "[":
            pos += 1
            out = []
            skip()
            if text[pos] == "]":
                pos += 1
                return out
            while True:
                out.append(value())
                skip()
                pos += 1
                if text[pos - 1] == "]":
                    return out
        if ch == '"':
            pos += 1
            chars = []
            while text[pos] != '"':
                if text[pos] == "\\":
                    pos += 1
                    chars.append({"n": "\n", "t": "\t"}.get(text[pos], text[pos]))
                else:
                    chars.append(text[pos])
                pos += 1
            pos += 1
            return "".join(chars)
        for word, val in (("true", True), ("false", False), ("null", None)):
            if text.startswith(word, pos):
                pos += len(word)
                return val
        start = pos
        while pos < len(text) and text[pos] in "+-0123456789.eE":
            pos += 1
        num = text[start:pos]
        return float(num) if any(c in num for c in ".eE") else int(num)

    return value()


doc = {"name": "refc", "version": 1.5, "tags": ["compiler", "tracer"], "stable": False,
       "owner": None, "nested": {"quote": 'say "hi"\n', "empty": [], "e": {}}, "big": 10 ** 15, "tiny": 1e-07}
print(dumps(doc))
print(dumps(doc, indent=2))
round_trip = loads(dumps(doc, indent=2))
print(round_trip == doc, round_trip["nested"]["quote"] == doc["nested"]["quote"])
try:
    dumps({"bad": {1, 2}})
except TypeError as exc:
    print("TypeError:", exc)
