# Uncaught error: adding tensors whose shapes do not broadcast (size 3 vs 4 at dimension 0).
import torch

def combine(features, bias):
    print("combining", tuple(features.shape), tuple(bias.shape))
    return features + bias

feats = torch.ones(3)
print(combine(feats, torch.tensor(0.5)))
print(combine(feats, torch.zeros(1)))
out = combine(feats, torch.ones(4))
print("unreachable", out)
