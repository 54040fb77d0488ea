# torch.save / torch.load round trip of a tensor of every dtype, a 0-d and an empty tensor: one file each, a dict, open() files and io.BytesIO.
import io
import os
import torch

tensors = {
    "float32": torch.tensor([[-2.5, 0.0], [1.5, 3.0]]),
    "float64": torch.tensor([-2.5, 0.0, 0.125], dtype=torch.float64),
    "float16": torch.tensor([-2.5, 0.0, 1.5], dtype=torch.float16),
    "bfloat16": torch.tensor([-2.5, 0.0, 1.5], dtype=torch.bfloat16),
    "int8": torch.tensor([-128, 0, 127], dtype=torch.int8),
    "int16": torch.tensor([-300, 0, 300], dtype=torch.int16),
    "int32": torch.tensor([-70000, 0, 70000], dtype=torch.int32),
    "int64": torch.tensor([-2 ** 40, 0, 2 ** 40]),
    "uint8": torch.tensor([0, 7, 255], dtype=torch.uint8),
    "bool": torch.tensor([True, False, True]),
    "scalar": torch.tensor(3.25),
    "empty": torch.zeros(0, 2),
}
path = "_300_tensor.pt"
for name, t in tensors.items():
    torch.save(t, path)
    back = torch.load(path)
    print(name, back, back.dtype, tuple(back.shape), back.stride(), torch.equal(back, t))
torch.save(tensors, path)
loaded = torch.load(path, weights_only=True)
print(list(loaded.keys()) == list(tensors.keys()))
print(all(torch.equal(loaded[k], tensors[k]) and loaded[k].dtype == tensors[k].dtype for k in tensors))
print(type(loaded).__name__, type(loaded["int64"]).__name__)
with open(path, "wb") as f:
    torch.save(tensors["float16"], f)
with open(path, "rb") as f:
    print(torch.load(f))
buffer = io.BytesIO()
torch.save([tensors["int8"], tensors["bool"]], buffer)
print(buffer.getvalue()[:4])
buffer.seek(0)
print(torch.load(buffer))
os.remove(path)
