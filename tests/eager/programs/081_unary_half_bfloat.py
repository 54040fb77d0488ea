# Unary math on float16 and bfloat16 tensors: results are rounded to the storage dtype.
import torch

x = torch.tensor([0.1, 0.5, 1.0, 2.0, 4.0])
for dt in [torch.float16, torch.bfloat16]:
    h = x.to(dt)
    print(dt)
    print(h.exp())
    print(h.log())
    print(h.sqrt())
    print(h.sin())
    print(torch.sigmoid(h))
    print(torch.tanh(h))
    print(h.reciprocal())
