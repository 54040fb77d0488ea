# nn.Sequential: nested reprs, indexing, slicing, len, iteration and forward through layers.
import torch
import torch.nn as nn

model = nn.Sequential(
    nn.Linear(4, 8),
    nn.ReLU(),
    nn.Sequential(nn.Linear(8, 8), nn.GELU(), nn.Dropout(0.1)),
    nn.Linear(8, 2),
    nn.Softmax(dim=-1),
)
print(model)
print(len(model), type(model[0]).__name__, model[2][1])
print(model[1:3])
print([type(m).__name__ for m in model])
for m in model.modules():
    if isinstance(m, nn.Linear):
        with torch.no_grad():
            m.weight.fill_(0.1)
            m.bias.fill_(0.0)
model.eval()
out = model(torch.ones(3, 4))
print(out)
print(model[-1], model[-2].weight.shape)
