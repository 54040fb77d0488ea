# Summarisation of tensors over 1000 elements with '...', and threshold/edgeitems options.
import torch

x = torch.arange(2000)
print(x)
print(x.float())
y = torch.arange(3000).reshape(60, 50)
print(y)
z = torch.arange(1200).reshape(10, 10, 12) / 100
print(z)
torch.set_printoptions(edgeitems=2)
print(x)
torch.set_printoptions(threshold=5)
print(torch.arange(10))
print(torch.arange(20).reshape(4, 5))
torch.set_printoptions(profile="default")
print(torch.arange(1001) > 500)
print(torch.arange(1000)[-5:])
