# nll_loss on log-probabilities, binary_cross_entropy (with logits, pos_weight) and kl_div.
import torch
import torch.nn.functional as F

logp = F.log_softmax(torch.tensor([[1.0, 2.0, 0.0], [0.0, 0.0, 3.0]]), dim=1)
t = torch.tensor([1, 2])
print(F.nll_loss(logp, t), F.nll_loss(logp, t, reduction="none"))
print(F.nll_loss(logp, t, weight=torch.tensor([1.0, 3.0, 1.0])))
p = torch.tensor([0.9, 0.2, 0.5])
y = torch.tensor([1.0, 0.0, 1.0])
print(F.binary_cross_entropy(p, y), F.binary_cross_entropy(p, y, reduction="none"))
z = torch.tensor([2.0, -1.0, 0.0])
print(F.binary_cross_entropy_with_logits(z, y))
print(F.binary_cross_entropy_with_logits(z, y, pos_weight=torch.tensor([2.0, 2.0, 2.0])))
q = torch.tensor([[0.5, 0.5]])
print(F.kl_div(torch.log(torch.tensor([[0.25, 0.75]])), q, reduction="batchmean"))
print(F.nll_loss(logp.unsqueeze(2).expand(2, 3, 2), t.unsqueeze(1).expand(2, 2)))
