# Python operator forms on tensors: + - * / // % ** & | ^ ~ << >> unary - + and abs().
import torch

a = torch.tensor([6, -7, 8])
b = torch.tensor([4, 2, -3])
print(a + b, a - b, a * b)
print(a / b, a // b, a % b)
print(a ** 2, a & b, a | b, a ^ b)
print(~a, a << 1, a >> 1, -a, +a, abs(a))
f = torch.tensor([1.5, -2.5])
print(f + 1, 1 + f, f - 1, 1 - f, f * 2, 2 * f, f / 2, 2 / f)
print(f // 1, 1 // f, f % 1, 1 % f, f ** 2, 2 ** f)
print(-f, +f, abs(f))
print(a @ b, torch.ones(2, 2) @ torch.tensor([1.0, 2.0]))
