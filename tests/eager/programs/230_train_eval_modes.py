# train()/eval() set .training recursively; Dropout and BatchNorm behave differently in each mode.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5), nn.BatchNorm1d(2))
print(model.training, [m.training for m in model])
model.eval()
print(model.training, [m.training for m in model])
model.train()
print(model.training, [m.training for m in model])
model[1].eval()
print([m.training for m in model])
r = model.train(False)
print(r is model, model.training)
with torch.no_grad():
    model[0].weight.copy_(torch.eye(2))
    model[0].bias.zero_()
x = torch.tensor([[1.0, 2.0], [3.0, 6.0]])
print(model(x))
model.train()
model[1].p = 0.0
print(model(x))
print(model[2].running_mean, model[2].num_batches_tracked)
