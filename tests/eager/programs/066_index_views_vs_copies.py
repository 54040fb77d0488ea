# Basic indexing returns views; advanced indexing returns copies (writes do not reach the base).
import torch

x = torch.arange(6).reshape(2, 3)
basic = x[0, 1:]
adv = x[[0], 1:]
mask = x[x > 2]
basic[0] = -1
adv[0, 0] = -2
mask[0] = -3
print(x)
print(adv, mask)
print(basic._base is x, adv._base is None)
sel = x.index_select(1, torch.tensor([0, 2]))
sel.fill_(0)
print(x)
g = x[:, torch.tensor([2, 0])]
print(g, g.is_contiguous())
