# bitwise_and/or/xor/not/left_shift/right_shift on int8, uint8, int32, int64 and bool tensors.
import torch

a = torch.tensor([12, 10, -1, 0])
b = torch.tensor([10, 6, 255, 7])
print(torch.bitwise_and(a, b), torch.bitwise_or(a, b), torch.bitwise_xor(a, b))
print(a & b, a | b, a ^ b, ~a)
print(torch.bitwise_left_shift(a, 2), a << 3, torch.bitwise_right_shift(a, 1), a >> 2)
u = torch.tensor([1, 128, 255], dtype=torch.uint8)
print(u << 1, u >> 3, ~u, u & 0x0F, u | 0x80)
i8 = torch.tensor([-128, 64, 1], dtype=torch.int8)
print(i8 >> 1, i8 << 1, i8 ^ -1)
bo = torch.tensor([True, False, True])
print(bo & torch.tensor([True, True, False]), bo | False, bo ^ True)
print(torch.tensor([1, 2, 4]) & 3, 5 & torch.tensor([1, 4]), 1 << torch.tensor([0, 1, 5]))
x = torch.tensor([0b1010, 0b0110], dtype=torch.int32)
x &= torch.tensor([0b1000, 0b0111], dtype=torch.int32)
x |= 1
x ^= 0b11
print(x)
try:
    torch.tensor([1.0]) & torch.tensor([1.0])
except RuntimeError as e:
    print("RuntimeError:", e)
