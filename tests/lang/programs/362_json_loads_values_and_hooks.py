# json.loads: every JSON value, escapes and surrogate pairs, object_hook, object_pairs_hook, parse_float/parse_int/parse_constant, raw_decode
import json
from collections import OrderedDict

doc = """
{
  "model": {"layers": 12, "heads": 8, "dims": [64, 128.5, -3e2, 1E+2, 0.5e-3]},
  "flags": [true, false, null],
  "name": "tab\\there \\"quoted\\" back\\\\slash \\/ slash",
  "unicode": "\\u00e9\\u65E5 \\ud83d\\ude00",
  "empty": {}, "none": [],
  "neg": -0, "negf": -0.0, "zero": 0
}
"""
data = json.loads(doc)
for key in data:
    print(key, repr(data[key]))
print(json.loads("[NaN, Infinity, -Infinity]"))
print(len(json.loads('"\\ud83d\\ude00"')))
print(json.loads("  42  "), json.loads("3.25"), json.loads('"s"'), json.loads("true"), json.loads("null"))
print(json.loads('{"a": 1, "a": 2}'))
print(json.loads('{"b": 1, "a": {"c": 2}}', object_pairs_hook=lambda pairs: pairs))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=OrderedDict))


def as_point(d):
    if "x" in d and "y" in d:
        return ("point", d["x"], d["y"])
    return d


print(json.loads('[{"x": 1, "y": 2}, {"z": {"x": 0, "y": 0}}]', object_hook=as_point))
print(json.loads('{"a": 1}', object_hook=lambda d: "hook", object_pairs_hook=lambda p: "pairs"))
print(json.loads("[1.10, 2, 3e0]", parse_float=str))
print(json.loads("[1.10, 2, 30]", parse_int=lambda s: int(s) * 10))
print(json.loads("[NaN, -Infinity]", parse_constant=lambda name: "const:" + name))
print(json.loads('"a\tb"', strict=False), json.loads('{"k": "x\ny"}', strict=False))
dec = json.JSONDecoder()
print(dec.raw_decode('[1, 2] trailing'))
print(dec.raw_decode('xx{"a": 1}', 2))
print(dec.decode(' {"ok": true} \n'))
print(json.loads(json.dumps({"round": [1.5, "trip", None, {"n": -1}]})))
text = json.dumps({"e": "\u00e9\U0001F600"})
print(text, json.loads(text) == {"e": "\u00e9\U0001F600"})
