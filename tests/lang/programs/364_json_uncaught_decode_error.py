# an uncaught json.JSONDecodeError: the traceback names json.decoder.JSONDecodeError
import json

print(json.loads('{"ok": 1}'))
json.loads('{"metrics": [1, 2,, 3]}')
