# F.relu/F.gelu/F.silu/F.tanh/F.sigmoid agree with the torch.* forms and nn.Module forms.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(-4.0, 5.0) / 2
pairs = [
    ("relu", F.relu(x), nn.ReLU()(x)),
    ("gelu", F.gelu(x), nn.GELU()(x)),
    ("gelu_tanh", F.gelu(x, approximate="tanh"), nn.GELU(approximate="tanh")(x)),
    ("silu", F.silu(x), nn.SiLU()(x)),
    ("tanh", F.tanh(x), nn.Tanh()(x)),
    ("sigmoid", F.sigmoid(x), nn.Sigmoid()(x)),
    ("leaky", F.leaky_relu(x, 0.2), nn.LeakyReLU(0.2)(x)),
    ("softplus", F.softplus(x, beta=2.0), nn.Softplus(beta=2.0)(x)),
]
for name, a, b in pairs:
    print(name, torch.equal(a, b), a)
print(nn.ReLU(), nn.GELU(), nn.GELU(approximate="tanh"), nn.LeakyReLU(0.2), nn.Softplus(beta=2.0))
