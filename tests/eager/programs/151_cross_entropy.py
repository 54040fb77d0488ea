# F.cross_entropy with class indices: reductions, ignore_index, label_smoothing, class weights, probabilities.
import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3], [-1.0, 3.0, 0.0], [1.0, 1.0, 1.0]])
target = torch.tensor([0, 2, 1, 1])
print(F.cross_entropy(logits, target))
print(F.cross_entropy(logits, target, reduction="sum"))
print(F.cross_entropy(logits, target, reduction="none"))
print(F.cross_entropy(logits, torch.tensor([0, -100, 1, 1])))
print(F.cross_entropy(logits, torch.tensor([0, 2, 1, 1]), ignore_index=1))
print(F.cross_entropy(logits, target, label_smoothing=0.1))
w = torch.tensor([1.0, 2.0, 0.5])
print(F.cross_entropy(logits, target, weight=w))
print(F.cross_entropy(logits, target, weight=w, reduction="none"))
probs = torch.tensor([[0.7, 0.2, 0.1], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [0.25, 0.5, 0.25]])
print(F.cross_entropy(logits, probs))
