# BatchNorm1d running statistics across batches: momentum, momentum=None (cumulative), eval after training.
import torch
import torch.nn as nn

bn = nn.BatchNorm1d(2)
batches = [torch.tensor([[1.0, 2.0], [3.0, 6.0]]), torch.tensor([[5.0, 0.0], [7.0, 4.0], [0.0, 2.0]])]
for b in batches:
    bn(b)
    print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(torch.tensor([[2.0, 2.0]])))
cum = nn.BatchNorm1d(2, momentum=None)
for b in batches:
    cum(b)
print(cum.running_mean, cum.running_var)
nt = nn.BatchNorm1d(2, track_running_stats=False)
print(nt.running_mean, nt(batches[0]))
noaff = nn.BatchNorm1d(2, affine=False)
print(noaff.weight, [n for n, _ in noaff.named_buffers()])
bn.reset_running_stats()
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
