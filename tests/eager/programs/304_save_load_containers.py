# torch.save of nested lists, tuples and dicts of ints (64-bit and beyond), floats, bools, strings, None, torch.Size, dtypes and devices; shared objects stay shared.
import os
import collections
import torch

shared_list = [1, 2]
t = torch.tensor([1.0, 2.0])
obj = {
    "ints": [0, 1, -1, 255, 256, 65535, 65536, -2 ** 31, 2 ** 31, 2 ** 40, -2 ** 62, 2 ** 63, -2 ** 63 - 1, 10 ** 70, -3 ** 150],
    "floats": [1.5, -0.1, 1e300, float("inf"), -0.0],
    "flags": (True, False, None),
    "text": ["", "h\u00e9llo", "a\nb", "x" * 300],
    "nested": {"a": [1, (2, [3, {"b": 4}])], (1, 2): "tuple key", 5: "int key", 2.5: "float key"},
    "size": torch.Size([2, 3]),
    "dtypes": [torch.float32, torch.int64, torch.bool, torch.bfloat16, torch.float16, torch.uint8],
    "device": torch.device("cpu"),
    "ordered": collections.OrderedDict([("z", 1), ("a", 2)]),
    "shared": [shared_list, shared_list, t, t],
    "empty": ([], (), {}),
    "long": list(range(1500)),
}
path = "_304_containers.pt"
torch.save(obj, path)
back = torch.load(path)
for key, value in back.items():
    if key != "long":  # an OrderedDict as its items: Python 3.12 changed its repr
        print(key, repr(list(value.items()) if key == "ordered" else value))
print(back["long"] == obj["long"], type(back["size"]).__name__, type(back["ordered"]).__name__)
print(back["shared"][0] is back["shared"][1], back["shared"][2] is back["shared"][3])
print(back["dtypes"][0] is torch.float32, back["device"] == torch.device("cpu"))
print({k: v for k, v in back.items() if k != "shared"} == {k: v for k, v in obj.items() if k != "shared"})
os.remove(path)
