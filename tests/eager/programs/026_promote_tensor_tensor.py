# Type promotion between tensors of different dtypes for +, *, and comparisons.
import torch

dtypes = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64]
names = ["b", "u8", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]
print("     " + " ".join(n.rjust(5) for n in names))
for da, na in zip(dtypes, names):
    row = []
    for db in dtypes:
        a = torch.ones(2, dtype=da)
        b = torch.ones(2, dtype=db)
        r = (a + b).dtype if not (da == torch.bool and db == torch.bool) else (a | b).dtype
        row.append(names[dtypes.index(r)].rjust(5))
    print(na.rjust(4), " ".join(row))
x = torch.tensor([1, 2, 3], dtype=torch.int8)
y = torch.tensor([0.5, 0.5, 0.5])
print(x * y)
print(torch.tensor([1, 2], dtype=torch.uint8) + torch.tensor([1, 2], dtype=torch.int8))
print((torch.tensor([1.0]) < torch.tensor([2])).dtype)
print(torch.tensor([True, False]) + torch.tensor([True, True]))
