# sum and mean on float16/bfloat16 tensors: results in the input dtype, accumulated in float32.
import torch

x = torch.arange(1, 9, dtype=torch.float32) / 8
h = x.half()
b = x.bfloat16()
print(h.sum(), h.mean(), h.sum().dtype)
print(b.sum(), b.mean())
print(h.reshape(2, 4).sum(1), b.reshape(2, 4).mean(0))
print(h.prod(), h.amax(), b.argmax())
print(h.var(), b.std())
print(h.cumsum(0))
