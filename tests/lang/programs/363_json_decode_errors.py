# json.JSONDecodeError: CPython's messages, positions, lineno/colno, and the TypeError for non-str input
import json

documents = [
    "", "   ", "[", "{", "]", '{"a"', '{"a":', '{"a": 1', '{"a": 1,}', '{"a": 1 "b": 2}',
    "[1,]", "[1 2]", "[1,,2]", '{"a" 1}', "{1: 2}", "{'a': 1}", '"abc', '"a\\x"',
    '"\\u12x4"', '"\\u12"', '"\\ud83d\\uzzzz"', "tru", "nul", "01", "1.", "1e", "-", "-x", "[1]x",
    '"a\tb"', '"line\nbreak"', '{"a":1}\n\n  x', "\ufeff[]", "[1,\n 2,\n oops]", "[true, fals]",
    '{"a": [1, {"b": }]}', "nan", "+1", ".5", "[1] [2]",
]
for doc in documents:
    try:
        json.loads(doc)
        print(repr(doc), "parsed")
    except json.JSONDecodeError as e:
        print(repr(doc), "->", e)
        print("   ", repr(e.msg), e.pos, e.lineno, e.colno, e.doc == doc)

for bad in [5, None, ["[]"]]:
    try:
        json.loads(bad)
    except TypeError as e:
        print("TypeError:", e)

try:
    json.loads("[1, 2")
except ValueError as e:
    print("caught as ValueError:", type(e).__name__, isinstance(e, json.JSONDecodeError))
err = json.JSONDecodeError("Custom message", "ab\ncd", 4)
print(err, err.args, err.lineno, err.colno)
