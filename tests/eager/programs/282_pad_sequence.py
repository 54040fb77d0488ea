# torch.nn.utils.rnn.pad_sequence: batch_first, padding_value, padding_side, trailing dims, dtypes, gradients, errors.
import torch
from torch.nn.utils.rnn import pad_sequence

a = torch.tensor([1, 2, 3])
b = torch.tensor([4, 5])
c = torch.tensor([6])
print(pad_sequence([a, b, c]))
print(pad_sequence([a, b, c], batch_first=True))
print(pad_sequence([b, a, c], batch_first=True, padding_value=-1))
print(pad_sequence([a, b, c], batch_first=True, padding_side='left'))
print(pad_sequence([a, b, c], padding_side='left', padding_value=9))
x = torch.arange(6.).reshape(3, 2)
y = torch.arange(4.).reshape(2, 2) + 10
out = pad_sequence([x, y], batch_first=True, padding_value=0.5)
print(out, out.shape)
print(pad_sequence((y, x)).shape, pad_sequence([x, y], padding_side='left').shape)
print(pad_sequence([torch.ones(2, dtype=torch.float64), torch.ones(1, dtype=torch.float64)]).dtype)
print(pad_sequence(torch.arange(6).reshape(2, 3)))
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([3.0, 4.0, 5.0], requires_grad=True)
s = pad_sequence([p, q], batch_first=True)
(s * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print(p.grad, q.grad)
for bad in [[], 5]:
    try:
        pad_sequence(bad)
    except RuntimeError as e:
        print('RuntimeError:', e)
try:
    pad_sequence([a, b], padding_side='middle')
except RuntimeError as e:
    print('RuntimeError:', e)
