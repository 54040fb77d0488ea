# Uncaught error: view() on a transposed (non-contiguous) tensor.
import torch

def flatten_rows(t):
    return t.view(-1)

x = torch.arange(12).reshape(3, 4)
print(flatten_rows(x))
y = x.t()
print(y.is_contiguous(), y.stride())
print(flatten_rows(y.contiguous()))
print(flatten_rows(y))
