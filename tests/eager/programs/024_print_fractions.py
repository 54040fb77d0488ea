# Printing common fractions at four decimals, including rounding ties and values just under 1.
import torch

x = torch.arange(1, 9, dtype=torch.float64)
print(1 / x)
print(torch.tensor([1 / 3, 2 / 3, 0.99999, 0.00005]))
print(torch.tensor([0.12345, 0.12355, 1.99995]))
print(torch.tensor([2.0 / 3.0], dtype=torch.float64) * 1000)
print(torch.tensor([0.5, 0.25, 0.125, 0.0625, 0.03125]))
print(torch.linspace(0, 1, 7))
print(torch.tensor([1.0, 2.0]) / 3)
print(torch.tensor([9.99999, 99.99999]))
