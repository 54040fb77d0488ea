# torch.save of views (slices with steps, permutes, expands): strides and offsets kept, one storage saved once and shared after load.
import os
import torch

base = torch.arange(12, dtype=torch.float32).reshape(3, 4)
views = {"base": base, "row": base[1], "column": base[:, 2], "transposed": base.t(),
         "narrowed": base.narrow(1, 1, 2), "own": base.clone()}
path = "_301_views.pt"
torch.save(views, path)
back = torch.load(path)
for name, t in back.items():
    print(name, tuple(t.shape), t.stride(), t.storage_offset(), t.is_contiguous())
    print(t)
print(back["row"].data_ptr() == back["base"].data_ptr() + 4 * 4)
print(back["own"].data_ptr() == back["base"].data_ptr())
back["base"][1, 2] = 100.0
print(back["row"], back["column"], back["transposed"][2])
print(back["own"][1, 2], base[1, 2])
torch.save(base[2, 1:3], path)
alone = torch.load(path)
print(alone, alone.storage_offset(), alone.stride())
torch.save([base.t(), base.t()], path)
pair = torch.load(path)
print(pair[0].data_ptr() == pair[1].data_ptr(), pair[0].stride())
cube = torch.arange(24, dtype=torch.int16).reshape(2, 3, 4)
odd = {"stepped": cube[:, ::2, 1::2], "permuted": cube.permute(2, 0, 1), "expanded": cube[0, 0].expand(3, 4),
       "flipped_dims": cube.transpose(0, 2)[1:], "element": cube[1, 2, 3]}
torch.save(odd, path)
for name, t in torch.load(path).items():
    print(name, tuple(t.shape), t.stride(), t.storage_offset(), t.is_contiguous(), t.tolist())
os.remove(path)
