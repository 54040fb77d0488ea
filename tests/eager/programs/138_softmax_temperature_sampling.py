# Softmax with temperatures and top-k renormalisation as in a text-generation loop (no randomness).
import torch
import torch.nn.functional as F

logits = torch.tensor([2.0, 1.0, 0.5, -1.0, 0.0])
for t in [0.5, 1.0, 2.0]:
    p = F.softmax(logits / t, dim=-1)
    print(t, p, p.argmax().item())
vals, idx = logits.topk(3)
filtered = torch.full_like(logits, float("-inf")).scatter(0, idx, vals)
print(filtered)
probs = F.softmax(filtered, dim=-1)
print(probs)
print(torch.cumsum(probs.sort(descending=True).values, 0))
