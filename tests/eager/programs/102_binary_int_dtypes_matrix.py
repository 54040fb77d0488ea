# The same binary ops on int8/int16/int32/int64 tensors keep each dtype; division switches to float.
import torch

for dt in [torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8]:
    a = torch.tensor([9, 4, 7], dtype=dt)
    b = torch.tensor([2, 3, 5], dtype=dt)
    s = a + b
    q = a // b
    r = a % b
    t = a / b
    print(dt, s.dtype, s.tolist(), q.tolist(), r.tolist(), t.dtype, (a * b).tolist(), (a - b).tolist())
