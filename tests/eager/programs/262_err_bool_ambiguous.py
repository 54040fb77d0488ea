# Uncaught error: using a multi-element tensor as an if condition.
import torch

x = torch.tensor([1.0, -1.0])
if x.any():
    print("some nonzero")
if (x > 0).all():
    print("all positive")
else:
    print("not all positive")
if x > 0:
    print("unreachable")
