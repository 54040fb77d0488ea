# Conv2d, BatchNorm2d, GroupNorm, LayerNorm and MaxPool2d modules: reprs and forward with set weights.
import torch
import torch.nn as nn

conv = nn.Conv2d(1, 2, kernel_size=3, stride=1, padding=1, bias=True)
bn = nn.BatchNorm2d(2)
gn = nn.GroupNorm(1, 2)
ln = nn.LayerNorm([2, 4, 4])
pool = nn.MaxPool2d(2)
print(conv, bn, gn, ln, pool, sep="\n")
print(nn.Conv2d(3, 6, (3, 5), stride=2, padding=(1, 2), dilation=2, groups=3, bias=False))
print(nn.AvgPool2d(3, stride=2, padding=1), nn.AdaptiveAvgPool2d((1, 1)))
with torch.no_grad():
    conv.weight.copy_(torch.stack([torch.ones(1, 3, 3), -torch.eye(3).unsqueeze(0)]))
    conv.bias.copy_(torch.tensor([0.0, 1.0]))
x = torch.arange(16.0).reshape(1, 1, 4, 4) / 4
h = conv(x)
print(h)
print(pool(h))
print(bn(h).mean((0, 2, 3)).abs() < 1e-5, bn.running_mean, bn.num_batches_tracked)
print(gn(h)[0, 0, 0], ln(h)[0, 1, 0])
