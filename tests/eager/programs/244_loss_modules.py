# Loss modules (CrossEntropyLoss with weights/label smoothing, MSELoss, BCEWithLogitsLoss, NLLLoss) on fixed data.
import torch
import torch.nn as nn

logits = torch.tensor([[2.0, -1.0, 0.5], [0.0, 1.0, 0.0]])
y = torch.tensor([0, 2])
print(nn.CrossEntropyLoss()(logits, y))
print(nn.CrossEntropyLoss(weight=torch.tensor([1.0, 1.0, 3.0]))(logits, y))
print(nn.CrossEntropyLoss(label_smoothing=0.2, reduction="none")(logits, y))
print(nn.MSELoss()(torch.tensor([1.0, 2.0]), torch.tensor([2.0, 4.0])))
print(nn.BCEWithLogitsLoss()(torch.tensor([0.0, 2.0]), torch.tensor([1.0, 0.0])))
print(nn.NLLLoss()(torch.log_softmax(logits, 1), y))
print(nn.L1Loss(reduction="sum")(torch.tensor([1.0, -1.0]), torch.zeros(2)))
print(nn.SmoothL1Loss(beta=0.5)(torch.tensor([0.2, 3.0]), torch.zeros(2)))
print(nn.KLDivLoss(reduction="batchmean")(torch.log(torch.tensor([[0.5, 0.5]])), torch.tensor([[0.9, 0.1]])))
