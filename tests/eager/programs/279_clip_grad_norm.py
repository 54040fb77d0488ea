# torch.nn.utils.clip_grad_norm_: norm types (2, 1, inf, 3), clipping or not, the returned total norm, foreach, one tensor.
import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_


def make():
    a = nn.Parameter(torch.zeros(2, 3))
    b = nn.Parameter(torch.zeros(4))
    c = nn.Parameter(torch.zeros(2))
    a.grad = torch.arange(6.).reshape(2, 3) - 2.5
    b.grad = torch.tensor([0.5, -1.0, 2.0, 0.25])
    return [a, b, c]


for norm_type in [2.0, 1, float('inf'), 3.0, 'inf']:
    params = make()
    total = clip_grad_norm_(params, max_norm=1.0, norm_type=norm_type)
    print(norm_type, total, params[0].grad, params[1].grad, params[2].grad)
params = make()
total = clip_grad_norm_(params, 100.0)
print(total, total.dtype, total.requires_grad, params[1].grad)
params = make()
print(clip_grad_norm_(params, 2, foreach=True), params[1].grad)
params = make()
print(clip_grad_norm_(params, 2, foreach=False), params[1].grad)
params = make()
print(clip_grad_norm_(params[1], 0.5), params[1].grad)
print(clip_grad_norm_(iter(make()), 0.5))
print(clip_grad_norm_([nn.Parameter(torch.ones(2))], 1.0))
print(clip_grad_norm_([], 1.0))
model = nn.Linear(3, 2)
with torch.no_grad():
    model.weight.copy_(torch.arange(6.).reshape(2, 3) / 4)
    model.bias.fill_(0.5)
model(torch.tensor([[1.0, -2.0, 3.0]])).sum().backward()
print(torch.nn.utils.clip_grad_norm_(model.parameters(), 1.5))
print(model.weight.grad, model.bias.grad)
