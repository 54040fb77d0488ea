# torch.save into a missing folder (RuntimeError), torch.load of a folder, then of a missing file: an uncaught FileNotFoundError.
import torch

try:
    torch.save(torch.ones(2), "no_such_folder/checkpoint.pt")
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.load(".")
except OSError as e:
    print(type(e).__name__, e)
torch.load("no_such_checkpoint.pt")
