# Integer reductions agree with Python loops; the results are exact.
import torch

data = [[4, -2, 9, 11], [7, 7, -3, 0], [5, 1, 1, 8]]
t = torch.tensor(data)
col_sums = [sum(row[j] for row in data) for j in range(4)]
row_max = [max(row) for row in data]
print(t.sum(0).tolist() == col_sums, t.sum(0).tolist())
print(t.max(1).values.tolist() == row_max, t.max(1).indices.tolist())
print(t.prod(1).tolist(), t.cumsum(1).tolist())
print(t.abs().sum().item(), t.min().item(), int(t.float().mean().item() * 100))
print((t % 2 == 0).sum(1).tolist())
