# Writes the torch.save files the eager tests load, one per kind of content.
# Run under PyTorch 2.14 it makes pytorch/ (committed): see README.md.
import sys
import collections
import torch
import torch.nn as nn


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def deterministic_model():
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.BatchNorm1d(4), nn.Linear(4, 2))
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) / (i + 2) - 1)
    return model


def contents():
    base = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    model = deterministic_model()
    model.train()
    x = torch.linspace(-1, 1, 15).reshape(5, 3)
    adam = torch.optim.Adam(model.parameters(), lr=0.125)
    sgd_model = deterministic_model()
    sgd = torch.optim.SGD(sgd_model.parameters(), lr=0.25, momentum=0.5)
    for m, opt in ((model, adam), (sgd_model, sgd)):
        opt.zero_grad()
        m(x).pow(2).sum().backward()
        opt.step()
    model.eval()
    mixed = {"tensor": base[1:, 2:], "param": nn.Parameter(torch.ones(2)), "size": torch.Size([2]),
             "dtype": torch.int8, "text": "h\u00e9llo", "ordered": collections.OrderedDict(a=[1, 2.5, None])}
    return {
        "dtypes": {
            "float32": torch.tensor([-2.5, 0.0, 1.5]),
            "float64": torch.tensor([-2.5, 0.0, 1.0 / 3.0], dtype=torch.float64),
            "float16": torch.tensor([-2.5, 0.0, 1.5], dtype=torch.float16),
            "bfloat16": torch.tensor([-2.5, 0.0, 1.5], dtype=torch.bfloat16),
            "int8": torch.tensor([-128, 0, 127], dtype=torch.int8),
            "int16": torch.tensor([-300, 0, 300], dtype=torch.int16),
            "int32": torch.tensor([-70000, 0, 70000], dtype=torch.int32),
            "int64": torch.tensor([-2 ** 40, 0, 2 ** 40]),
            "uint8": torch.tensor([0, 7, 255], dtype=torch.uint8),
            "bool": torch.tensor([True, False, True]),
            "scalar": torch.tensor(3.25),
            "empty": torch.zeros(0, 2),
        },
        "views": {
            "base": base,
            "row": base[1],
            "column": base[:, 2],
            "transposed": base.t(),
            "narrowed": base.narrow(1, 1, 2),
            "own": base.clone(),
        },
        "parameters": {
            "param": nn.Parameter(torch.arange(4, dtype=torch.float32)),
            "frozen": nn.Parameter(torch.tensor([1.0, 2.0]), requires_grad=False),
            "leaf": torch.tensor([1.0, 2.0], requires_grad=True),
        },
        "model_state": model.state_dict(),
        "optimizer_state": {"adam": adam.state_dict(), "sgd": sgd.state_dict()},
        "containers": {
            "ints": [0, 1, -1, 255, 256, 65535, 65536, -2 ** 31, 2 ** 31, 2 ** 40, -2 ** 62, 2 ** 63, -2 ** 63 - 1, 10 ** 70, -3 ** 150],
            "floats": [1.5, -0.1, 1e300, float("inf")],
            "flags": (True, False, None),
            "text": ["", "h\u00e9llo", "a\nb"],
            "nested": {"a": [1, (2, [3, {"b": 4}])], (1, 2): "tuple key", 5: "int key"},
            "size": torch.Size([2, 3]),
            "dtypes": [torch.float32, torch.int64, torch.bool, torch.bfloat16],
            "device": torch.device("cpu"),
            "ordered": collections.OrderedDict([("z", 1), ("a", 2)]),
            "shared": [base[0], base[0]],
        },
        "custom_class": Point(1, 2),
        "whole_module": deterministic_model(),
        "protocol4": mixed,
        "protocol5": mixed,
    }


# Files saved with a newer pickle protocol (refc always writes protocol 2).
PROTOCOLS = {"protocol4": 4, "protocol5": 5}


out_dir = sys.argv[1]
for name, obj in contents().items():
    torch.save(obj, out_dir + "/" + name + ".pt", pickle_protocol=PROTOCOLS.get(name, 2))
    print("wrote", name + ".pt")
