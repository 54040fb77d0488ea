# A realistic statistics summary of a data matrix: column means, std, min/max, argmax and normalised row sums.
import torch

sales = torch.tensor([[120.0, 80.0, 95.0], [130.0, 60.0, 105.0], [90.0, 100.0, 85.0], [150.0, 70.0, 115.0]])
print("mean", sales.mean(0))
print("std", sales.std(0))
print("min", sales.min(0).values, "max", sales.max(0).values)
print("best week per product", sales.argmax(0))
totals = sales.sum(1)
print("totals", totals, totals / totals.sum())
print("share", (sales / sales.sum(1, keepdim=True)))
print("above mean", (sales > sales.mean()).sum().item())
print("median", sales.median(), sales.median(0).values)
