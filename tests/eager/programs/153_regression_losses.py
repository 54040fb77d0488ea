# mse_loss, l1_loss, smooth_l1_loss (beta), huber_loss (delta) with each reduction.
import torch
import torch.nn.functional as F

pred = torch.tensor([[0.5, 2.0], [-1.0, 4.0]])
target = torch.tensor([[1.0, 2.0], [1.0, 1.0]])
for red in ["mean", "sum", "none"]:
    print(red, F.mse_loss(pred, target, reduction=red))
print(F.l1_loss(pred, target), F.l1_loss(pred, target, reduction="none"))
print(F.smooth_l1_loss(pred, target), F.smooth_l1_loss(pred, target, beta=2.0))
print(F.huber_loss(pred, target, delta=0.5, reduction="none"))
print(F.mse_loss(torch.tensor([1, 2.0]), torch.tensor([1.5, 1.5])))
print(torch.nn.MSELoss(reduction="sum")(pred, target), torch.nn.L1Loss()(pred, target))
