# Uncaught error: load_state_dict with parameter shape mismatches (the last line names the bias).
import torch
import torch.nn as nn

src = nn.Linear(3, 2)
same = nn.Linear(3, 2)
print(same.load_state_dict(src.state_dict()))
print(list(src.state_dict().keys()))
dst = nn.Linear(3, 3)
dst.load_state_dict(src.state_dict())
print("unreachable")
