# clip_grad_value_, get_total_norm, clip_grads_with_norm_, error_if_nonfinite and the torch.nn.utils namespace.
import torch
import torch.nn as nn
import torch.nn.utils as utils
from torch.nn.modules.utils import _pair, _single, _triple

a = nn.Parameter(torch.zeros(5))
a.grad = torch.tensor([-3.0, -0.5, 0.0, 0.75, 2.5])
b = nn.Parameter(torch.zeros(2))
print(utils.clip_grad_value_([a, b], 1.0), a.grad, b.grad)
a.grad = torch.tensor([-3.0, -0.5, 0.0, 0.75, 2.5])
utils.clip_grad_value_(a, 0.6, foreach=True)
print(a.grad)
grads = [torch.tensor([3.0, 4.0]), torch.tensor([[1.0, 2.0], [2.0, 4.0]])]
for norm_type in [2.0, 1.0, float('inf')]:
    print(norm_type, utils.get_total_norm(grads, norm_type))
print(utils.get_total_norm(torch.tensor([6.0, 8.0])), utils.get_total_norm([]))
p = nn.Parameter(torch.zeros(2))
q = nn.Parameter(torch.zeros(2))
p.grad = torch.tensor([3.0, 4.0])
q.grad = torch.tensor([0.0, 12.0])
total = utils.get_total_norm([p.grad, q.grad])
print(total, utils.clip_grads_with_norm_([p, q], 6.5, total), p.grad, q.grad)
p.grad = torch.tensor([float('inf'), 1.0])
try:
    utils.clip_grad_norm_([p], 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print('RuntimeError:', e)
p.grad = torch.tensor([float('nan'), 1.0])
try:
    utils.clip_grad_norm_([p], 1.0, norm_type=1, error_if_nonfinite=True)
except RuntimeError as e:
    print('RuntimeError:', e)
p.grad = torch.tensor([float('inf'), 1.0])
print(utils.clip_grad_norm_([p], 1.0), p.grad)
print(utils.__name__, utils.rnn.__name__, utils.clip_grad_norm_.__name__, utils.get_total_norm.__name__)
print(utils.clip_grads_with_norm_.__name__, torch.nn.utils is utils)
print(_pair(3), _pair((1, 2)), _single(4), _triple([1, 2, 3]))
print([n in utils.__all__ for n in ['clip_grad_norm', 'clip_grad_norm_', 'clip_grad_value_', 'get_total_norm', 'rnn']])
