# Gradients of elementwise unary ops: exp, log, sqrt, sin, tanh, sigmoid, relu, abs, pow.
import torch

fns = {
    "exp": torch.exp,
    "log": torch.log,
    "sqrt": torch.sqrt,
    "sin": torch.sin,
    "tanh": torch.tanh,
    "sigmoid": torch.sigmoid,
    "relu": torch.relu,
    "abs": torch.abs,
    "square": lambda t: t ** 2,
    "cube_root": lambda t: t ** (1.0 / 3.0),
    "reciprocal": torch.reciprocal,
    "gelu": torch.nn.functional.gelu,
    "silu": torch.nn.functional.silu,
}
for name, fn in fns.items():
    x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
    fn(x).sum().backward()
    print(name.ljust(10), x.grad)
