# parameters_to_vector and vector_to_parameters: order, shapes, gradient flow, the copy back and the type error.
import torch
import torch.nn as nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters

model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1, bias=False))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.arange(p.numel()).float().reshape(p.shape) + 10 * i)
vec = parameters_to_vector(model.parameters())
print(vec, vec.shape)
vec.sum().backward()
print([p.grad for p in model.parameters()])
new = torch.arange(11, dtype=torch.float32) * -0.5
vector_to_parameters(new, model.parameters())
for name, p in model.named_parameters():
    print(name, p.shape, p.requires_grad)
    print(p)
print(model(torch.tensor([[1.0, 2.0, 3.0]])))
try:
    vector_to_parameters([1.0, 2.0], model.parameters())
except TypeError as e:
    print('TypeError:', e)
print(parameters_to_vector([torch.ones(2, 2), torch.zeros(3)]))
