# A data-shuffling loop: seeded randperm batches over a small dataset, with augmentation noise.
import torch

torch.manual_seed(2)
data = torch.arange(10.0).reshape(10, 1)
labels = torch.arange(10) % 3
for epoch in range(2):
    perm = torch.randperm(10)
    print("epoch", epoch, perm.tolist())
    for start in range(0, 10, 4):
        idx = perm[start:start + 4]
        xb = data[idx] + 0.01 * torch.randn(len(idx), 1)
        print("  batch", idx.tolist(), labels[idx].tolist(), xb.flatten())
