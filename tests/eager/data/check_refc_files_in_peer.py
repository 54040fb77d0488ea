# Under PyTorch 2.14 (the torch peer): loads every file refc wrote (argument 1,
# a folder) and the file PyTorch wrote from the same write_files.py
# (argument 2), and checks that they hold the same objects: same types,
# dtypes, sizes, strides, storage offsets, requires_grad, the same storage
# sharing, modules computing the same, and values equal (to 1e-5 for the
# trained ones). check_refc_files.py --peer runs it; it prints one line per
# file and exits 1 on a difference.
import os
import sys
import torch


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def same(a, b, where, storages):
    if type(a) is not type(b):
        return [f"{where}: {type(a).__name__} != {type(b).__name__}"]
    if isinstance(a, torch.Tensor):
        if (a.dtype, a.shape, a.stride(), a.storage_offset(), a.requires_grad) != (
                b.dtype, b.shape, b.stride(), b.storage_offset(), b.requires_grad):
            return [f"{where}: tensor {a.dtype} {tuple(a.shape)} {a.stride()} differs from {b.dtype} {tuple(b.shape)} {b.stride()}"]
        key = (a.untyped_storage().data_ptr(), b.untyped_storage().data_ptr())
        if storages.setdefault(key[0], key[1]) != key[1]:
            return [f"{where}: storage sharing differs"]
        close = torch.equal(a, b) if not a.is_floating_point() else torch.allclose(a.double(), b.double(), atol=1e-5, equal_nan=True)
        return [] if close else [f"{where}: values differ"]
    if isinstance(a, dict):
        if list(a.keys()) != list(b.keys()):
            return [f"{where}: keys {list(a.keys())} != {list(b.keys())}"]
        return [p for k in a for p in same(a[k], b[k], f"{where}[{k!r}]", storages)]
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return [f"{where}: length {len(a)} != {len(b)}"]
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in same(x, y, f"{where}[{i}]", storages)]
    if isinstance(a, torch.nn.Module):
        if repr(a) != repr(b) or a.training != b.training:
            return [f"{where}: module {a!r} != {b!r}"]
        x = torch.linspace(-1, 1, 6).reshape(2, 3)
        a.eval()
        b.eval()
        outputs = same(a(x), b(x), f"{where}(x)", {})
        return same(a.state_dict(), b.state_dict(), where + ".state_dict()", storages) + outputs
    if isinstance(a, Point):
        return same(vars(a), vars(b), where, storages)
    return [] if a == b else [f"{where}: {a!r} != {b!r}"]


refc_dir, pytorch_dir = sys.argv[1], sys.argv[2]
failed = 0
for name in sorted(os.listdir(pytorch_dir)):
    # 2.14 refuses class instances (and modules) and protocols 4 and 5 with weights_only.
    weights_only = name not in ("custom_class.pt", "whole_module.pt", "protocol4.pt", "protocol5.pt")
    ours = torch.load(os.path.join(refc_dir, name), weights_only=weights_only)
    theirs = torch.load(os.path.join(pytorch_dir, name), weights_only=weights_only)
    problems = same(ours, theirs, name, {})
    print(("FAIL " if problems else "ok   ") + "loaded in PyTorch 2.14: " + name)
    for p in problems:
        print("     " + p)
    failed += bool(problems)
sys.exit(1 if failed else 0)
