# Uncaught error: cross_entropy with a class index outside [0, C).
import torch
import torch.nn.functional as F

logits = torch.zeros(2, 3)
print(F.cross_entropy(logits, torch.tensor([0, 2])))
print(F.cross_entropy(logits, torch.tensor([1, -100])))
labels = torch.tensor([0, 5])
print(labels.max().item(), logits.shape[1])
print(F.cross_entropy(logits, labels))
