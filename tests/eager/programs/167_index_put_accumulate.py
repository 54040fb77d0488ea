# index_put and index_put_ with accumulate=True (duplicates summed) and False, and put_.
import torch

x = torch.zeros(5)
x.index_put_((torch.tensor([0, 2, 2]),), torch.tensor([1.0, 2.0, 3.0]), accumulate=True)
print(x)
y = torch.zeros(3, 3)
rows = torch.tensor([0, 1, 0])
cols = torch.tensor([0, 1, 0])
print(y.index_put((rows, cols), torch.tensor(1.0), accumulate=True))
print(y.index_put((rows[:2], cols[:2]), torch.tensor([5.0, 6.0])))
y[rows[:2], cols[:2]] += 1
print(y)
z = torch.zeros(2, 3, dtype=torch.int64)
z.put_(torch.tensor([0, 4, 4]), torch.tensor([1, 2, 3]), accumulate=True)
print(z)
hist = torch.zeros(4, dtype=torch.int64)
hist.index_put_((torch.tensor([1, 3, 3, 3, 0]),), torch.tensor(1), accumulate=True)
print(hist)
