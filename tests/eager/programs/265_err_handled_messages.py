# Handled errors printed with type(e).__name__ and str(e) for several single-line PyTorch messages.
import torch
import torch.nn as nn

cases = [
    ("squeeze", lambda: torch.ones(2, 3).squeeze(3)),
    ("permute", lambda: torch.ones(2, 3).permute(0)),
    ("transpose", lambda: torch.ones(2).transpose(0, 1)),
    ("stack", lambda: torch.stack([torch.ones(2), torch.ones(3)])),
    ("flatten", lambda: torch.ones(2, 3).flatten(1, 0)),
    ("unsqueeze", lambda: torch.ones(2).unsqueeze(3)),
    ("chunk", lambda: torch.ones(4).chunk(0)),
    ("full_bool", lambda: bool(torch.ones(2))),
    ("int_conv", lambda: int(torch.ones(3))),
    ("numel_view", lambda: torch.ones(6).view(4, 2)),
    ("arange", lambda: torch.arange(0, 10, 0)),
    ("linear_in", lambda: nn.Linear(3, 2)(torch.ones(4))),
]
for name, fn in cases:
    try:
        fn()
        print(name, "no error")
    except Exception as e:
        print(name, type(e).__name__, "|", str(e))
