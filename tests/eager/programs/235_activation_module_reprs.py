# Reprs of common modules with and without arguments: activations, Flatten, Identity, Dropout, Softmax, losses.
import torch.nn as nn

mods = [
    nn.ReLU(), nn.ReLU(inplace=True), nn.GELU(), nn.SiLU(), nn.Tanh(), nn.Sigmoid(),
    nn.LeakyReLU(), nn.ELU(alpha=0.5), nn.Softmax(dim=1), nn.LogSoftmax(dim=-1),
    nn.Flatten(), nn.Flatten(0, 2), nn.Unflatten(1, (2, 3)), nn.Identity(), nn.Dropout(),
    nn.Dropout(p=0.25, inplace=True), nn.Hardtanh(-2.0, 2.0), nn.PReLU(), nn.Mish(),
    nn.CrossEntropyLoss(), nn.MSELoss(reduction="sum"), nn.NLLLoss(ignore_index=3), nn.BCEWithLogitsLoss(),
    nn.LayerNorm(4), nn.LayerNorm([2, 3], eps=1e-6, elementwise_affine=False), nn.BatchNorm1d(3, momentum=None),
    nn.GroupNorm(2, 4, affine=False), nn.Embedding(3, 2), nn.Upsample(scale_factor=2.0, mode="nearest"),
]
for m in mods:
    print(m)
