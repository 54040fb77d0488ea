# fullgraph=True: calling torch.save or torch.load is an Unsupported error titled "Attempted to call function marked as skipped"
import os
import torch


@torch.compile(backend="eager", fullgraph=True)
def save(x):
    torch.save(x + 1, "_232_never.pt")
    return x


@torch.compile(backend="eager", fullgraph=True)
def load(x):
    return x + torch.load("_232_never.pt")


for fn in (save, load):
    try:
        fn(torch.ones(2))
    except Exception as e:
        print(type(e).__name__)
        print(str(e).splitlines()[0])
print(os.path.exists("_232_never.pt"))
