# torch.load's map_location (a string, a device, a dict, a callable; meta; CUDA without CUDA), mmap, TORCH_FORCE_*WEIGHTS_ONLY_LOAD.
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
meta = torch.load(path, map_location="meta")
print(meta, meta["a"].is_meta, meta["b"].dtype)
print(torch.load(path, mmap=True)["b"])
with open(path, "rb") as f:
    try:
        torch.load(f, mmap=True)
    except ValueError as e:
        print(type(e).__name__, e)
torch.save({"seen": seen, "fn": keep_storage}, path)
print(torch.load(path, weights_only=False)["fn"] is keep_storage)
os.environ["TORCH_FORCE_WEIGHTS_ONLY_LOAD"] = "1"
try:
    torch.load(path, weights_only=False)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[3])
os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"
try:
    torch.load(path)
except RuntimeError as e:
    print(type(e).__name__, e)
del os.environ["TORCH_FORCE_WEIGHTS_ONLY_LOAD"]
del os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"]
os.remove(path)
