# In-place modification of a leaf that requires grad raises; under no_grad it is allowed.
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    w.add_(1)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    w[0] = 5.0
except RuntimeError as e:
    print("RuntimeError:", e)
with torch.no_grad():
    w.add_(1)
    w[0] = 5.0
print(w)
v = w.view(2)
try:
    v.mul_(2)
except RuntimeError as e:
    print("RuntimeError:", e)
