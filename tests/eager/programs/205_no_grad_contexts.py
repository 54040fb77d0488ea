# torch.no_grad, enable_grad, set_grad_enabled (context manager and function) and is_grad_enabled.
import torch

x = torch.ones(2, requires_grad=True)
print(torch.is_grad_enabled())
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled(), y.requires_grad)
    with torch.enable_grad():
        z = x * 2
        print(torch.is_grad_enabled(), z.requires_grad)
with torch.set_grad_enabled(False):
    print((x + 1).requires_grad)
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), (x + 1).requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled(), (x + 1).requires_grad)

@torch.no_grad()
def infer(t):
    return t * 3

print(infer(x).requires_grad)
with torch.inference_mode():
    print((x * 2).requires_grad, torch.is_inference_mode_enabled())
