# Dropout between recurrent layers in training mode (RNG drawn as PyTorch draws it), none after the last layer or in eval.
import torch
import torch.nn as nn


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((torch.arange(p.numel()).float() * 0.7 + i).sin().reshape(p.shape) * 0.5)
    return module


x = (torch.arange(24.).reshape(4, 2, 3) * 0.37).cos()
torch.manual_seed(0)
for module in [nn.LSTM(3, 3, 3, dropout=0.5), nn.GRU(3, 3, 2, dropout=0.3, bidirectional=True),
               nn.RNN(3, 3, 2, dropout=0.6, batch_first=True)]:
    module = fill(module)
    with torch.no_grad():
        first = module(x)[0]
        second = module(x)[0]
        print(first[-1], second[-1], torch.equal(first, second))
        module.eval()
        print(torch.equal(module(x)[0], module(x)[0]), module(x)[0][-1])
    print(torch.rand(2))
torch.manual_seed(1)
lstm = fill(nn.LSTM(3, 2, 2, dropout=0.5))
out, (h, c) = lstm(x)
out.sum().backward()
print(out.detach()[-1], lstm.weight_ih_l1.grad)
with torch.no_grad():
    print(fill(nn.GRU(3, 2, 2, dropout=1.0))(x)[1])
