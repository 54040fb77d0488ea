# relu, sigmoid, tanh, silu, gelu (none/tanh), softplus, leaky_relu, elu, hardtanh via torch and F.
import torch
import torch.nn.functional as F

x = torch.linspace(-3, 3, 7)
print(torch.relu(x))
print(torch.sigmoid(x))
print(F.silu(x))
print(F.gelu(x))
print(F.gelu(x, approximate="tanh"))
print(F.softplus(x))
print(F.leaky_relu(x, 0.1))
print(F.elu(x))
print(F.hardtanh(x, -1.0, 2.0))
print(F.relu6(x * 3))
print(F.hardsigmoid(x), F.hardswish(x))
print(F.mish(x))
print(torch.tensor([-2, 0, 3]).relu())
print(F.logsigmoid(x))
