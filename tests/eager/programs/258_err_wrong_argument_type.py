# Uncaught error: a str passed where a tensor operand is expected.
import torch

config = {"scale": 2.0, "shift": "bias"}
x = torch.ones(2)
print(x.mul(config["scale"]))
print(x + 1, x.add(torch.tensor(3)))
print(x.add(2, alpha=3))
print(x.add(config["shift"]))
print("unreachable")
