# torch.load's map_location: a string, a torch.device, a dict of locations, a callable (its result, or None); CUDA without CUDA.
import os
import torch

path = "_307_map_location.pt"
torch.save({"a": torch.tensor([1.0, 2.0]), "b": torch.tensor([3, 4])}, path)
print(torch.load(path, map_location="cpu"))
print(torch.load(path, map_location=torch.device("cpu")))
print(torch.load(path, map_location={"cpu": "cpu"}))
seen = []


def keep_storage(storage, location):
    seen.append(location)
    return storage


def defer(storage, location):
    seen.append("defer " + location)
    return None


print(torch.load(path, map_location=keep_storage))
print(torch.load(path, map_location=defer))
print(seen)
print(torch.load(path, map_location=lambda storage, loc: storage)["a"].device)
print(torch.load(path, weights_only=False)["b"])
try:
    torch.load(path, map_location={"cpu": "cuda:0"})
except RuntimeError as e:
    print(type(e).__name__, e)
os.remove(path)
