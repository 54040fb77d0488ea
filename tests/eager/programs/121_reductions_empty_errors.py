# Reductions over empty tensors: sum/prod identities, mean nan, and max/argmax errors on empty input.
import torch

e = torch.zeros(0)
print(e.sum(), e.prod(), e.mean())
print(torch.zeros(2, 0).sum(1))
for name in ["max", "argmax", "amax", "min"]:
    try:
        print(getattr(e, name)())
    except (RuntimeError, IndexError) as err:
        print(name, type(err).__name__ + ":", err)
m = torch.zeros(3, 0)
print(m.amax(0), m.argmax(0))
try:
    m.max(1)
except (RuntimeError, IndexError) as err:
    print("max(1)", type(err).__name__ + ":", err)
