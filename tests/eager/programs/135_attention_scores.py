# A scaled dot-product attention computed by hand with matmul, masking and softmax.
import math
import torch
import torch.nn.functional as F

q = torch.arange(12.0).reshape(1, 3, 4) / 10
k = torch.arange(12.0).flip(0).reshape(1, 3, 4) / 10
v = torch.arange(6.0).reshape(1, 3, 2)
scores = q @ k.transpose(-2, -1) / math.sqrt(4)
print(scores)
causal = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
scores = scores.masked_fill(causal, float("-inf"))
print(scores)
weights = F.softmax(scores, dim=-1)
print(weights)
out = weights @ v
print(out)
ref = F.scaled_dot_product_attention(q, k, v, is_causal=True)
print(torch.allclose(out, ref, atol=1e-6), ref.shape)
