# torch._dynamo.utils.same on Python values, lists, tuples, dicts, torch.Size and sets, cosine similarity and 1x1-conv shaped outputs decides as PyTorch 2.14
import torch
from torch._dynamo.utils import same

messages = []


def record(fmt, *args):
    messages.append(fmt % args if args else fmt)


def check(name, ref, res, fp64_ref=None, **options):
    messages.clear()
    verdict = same(ref, res, fp64_ref, log_error=record, **options)
    print(name, verdict, messages)


base = torch.arange(12, dtype=torch.float64).reshape(3, 4) / 7 - 0.75
ints = torch.arange(6)
check("python floats", 1.0, 1.00001)
check("python floats far", 1.0, 1.1)
check("python float vs fp64", 1.0, 1.05, 1.04)
check("python ints", 3, 3)
check("python ints differ", 3, 4)
check("strings differ", "a", "b")
check("bools differ", True, False)
check("device", torch.device("cpu"), torch.device("cpu"))

check("list equal", [base.float(), ints], [base.float().clone(), ints.clone()])
check("list second differs", [base.float(), ints], [base.float(), ints + 1])
check("length mismatch", [base.float()], [base.float(), ints])
check("tuple in list", [(1, 2.0), ints], [(1, 2.0), ints])
check("dict equal", {"b": ints, "a": 1.5}, {"a": 1.5, "b": ints.clone()})
check("dict value differs", {"b": ints, "a": 1.5}, {"a": 1.5, "b": ints * 2})
check("nested dict in tuple", ({"k": [1, 2]},), ({"k": [1, 3]},))
check("torch.Size", torch.Size([2, 3]), (2, 3))
check("set equal", {1, 2}, {2, 1})
check("cos similarity close", base.float(), base.float() * 1.001, cos_similarity=True)
conv = base.reshape(3, 4, 1, 1)
check("4-d 1x1 output", (conv + 0.01).float(), (conv + 0.025).float(), conv)
