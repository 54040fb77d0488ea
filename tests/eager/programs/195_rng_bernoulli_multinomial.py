# bernoulli (tensor probabilities and p=), bernoulli_ in place, and multinomial with and without replacement.
import torch

torch.manual_seed(3)
probs = torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0])
print(torch.bernoulli(probs))
print(torch.bernoulli(torch.full((2, 5), 0.5)))
m = torch.empty(8)
m.bernoulli_(0.3)
print(m)
w = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(torch.multinomial(w, 2))
print(torch.multinomial(w, 6, replacement=True))
print(torch.multinomial(torch.tensor([[0.0, 1.0], [1.0, 0.0]]), 1))
