# A realistic lookup: pick per-sample logits of target classes with gather and compute accuracy via argmax.
import torch

logits = torch.tensor([[0.1, 2.0, -1.0], [1.5, 0.2, 0.3], [0.0, 0.0, 3.0], [2.0, 2.5, 0.1]])
targets = torch.tensor([1, 0, 1, 0])
picked = logits.gather(1, targets.unsqueeze(1)).squeeze(1)
print(picked)
pred = logits.argmax(dim=1)
print(pred, (pred == targets).float().mean())
wrong = torch.nonzero(pred != targets).flatten()
print(wrong.tolist())
onehot = torch.zeros_like(logits).scatter_(1, targets[:, None], 1.0)
print(onehot)
print((logits * onehot).sum(1))
