# json.dumps: every value kind, float repr, escaping with and without ensure_ascii, indent, separators, sort_keys
import json

config = {
    "name": "gpt-mini",
    "lr": 3e-4,
    "betas": (0.9, 0.95),
    "steps": [1, 10, 100],
    "dropout": 0.0,
    "big": 1e16,
    "small": 1e-7,
    "third": 1 / 3,
    "neg_zero": -0.0,
    "flags": {"compile": True, "amp": False, "resume": None},
    "text": "caf\u00e9 \u65e5\u672c \U0001F600 tab\t quote\" back\\ nl\n cr\r bell\x07 del\x7f",
    7: "int key",
    2.5: "float key",
    True: "bool key",
    None: "none key",
}
print(json.dumps(config))
print(json.dumps(config, ensure_ascii=False))
print(json.dumps(config, indent=2))
print(json.dumps(config, indent="\t", separators=(",", ":")))
print(json.dumps([1, [2, [3, []]], {}, {"a": {}}], indent=0))
print(json.dumps({"b": 2, "a": 1, "c": {"z": 0, "y": [3, 2]}}, sort_keys=True, indent=4))
print(json.dumps({"b": 2, "a": 1}, sort_keys=True, separators=(", ", " = ")))
print(json.dumps([float("nan"), float("inf"), -float("inf"), 1.0, 123456789.123456789, 2.5e-300]))
print(json.dumps("plain"), json.dumps(None), json.dumps(True), json.dumps(-42), json.dumps(1.5))
print(json.dumps([]), json.dumps({}), json.dumps([], indent=2), json.dumps({}, indent=2), json.dumps([[]], indent=2))
print(json.dumps({"k": [1, 2]}, indent=1, separators=(" ,", " : ")))
print(json.dumps(("tuple", "becomes", "list")))
print(json.dumps({"\u00e9": "\u00e9"}), json.dumps({"\u00e9": "\u00e9"}, ensure_ascii=False))
print(json.dumps("\x00\x01\x1f"), json.dumps("\x00\x1f", ensure_ascii=False))


print(json.JSONEncoder().encode({"x": [1, 2]}), json.JSONEncoder(indent=2).encode([1]))
print(list(json.JSONEncoder().iterencode([1, {"a": 2}])) != [])
print("".join(json.JSONEncoder().iterencode({"a": [1, 2.5]})))
