# torch.result_type, torch.promote_types and torch.can_cast on tensors, scalars and dtypes.
import torch

t_i = torch.tensor([1, 2], dtype=torch.int32)
t_f = torch.tensor([1.0], dtype=torch.float16)
print(torch.result_type(t_i, 1))
print(torch.result_type(t_i, 1.0))
print(torch.result_type(t_i, t_f))
print(torch.result_type(t_f, torch.tensor(1.0, dtype=torch.float64)))
print(torch.result_type(torch.tensor(True), 2))
print(torch.result_type(torch.tensor([True]), False))
print(torch.result_type(2, 3.0), torch.result_type(1, 2))
pairs = [(torch.int8, torch.uint8), (torch.int32, torch.float16), (torch.bfloat16, torch.float16),
         (torch.bool, torch.int8), (torch.int64, torch.float32), (torch.uint8, torch.bool),
         (torch.float16, torch.float64)]
for a, b in pairs:
    print(a, b, torch.promote_types(a, b))
for a, b in [(torch.float32, torch.int32), (torch.int32, torch.float32), (torch.int64, torch.int8),
             (torch.bool, torch.uint8), (torch.uint8, torch.bool), (torch.float64, torch.float16),
             (torch.int8, torch.uint8)]:
    print("can_cast", a, b, torch.can_cast(a, b))
