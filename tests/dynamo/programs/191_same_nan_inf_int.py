# torch._dynamo.utils.same on NaN and inf (equal_nan, a NaN only in eager or only compiled) and integer tensors decides as PyTorch 2.14
import torch
from torch._dynamo.utils import same

messages = []


def record(fmt, *args):
    messages.append(fmt % args if args else fmt)


def check(name, ref, res, fp64_ref=None, **options):
    messages.clear()
    verdict = same(ref, res, fp64_ref, log_error=record, **options)
    print(name, verdict, messages)


nan_ref = torch.tensor([1.0, float("nan"), 3.0])
check("nan in both, equal_nan", nan_ref, nan_ref.clone(), equal_nan=True)
check("nan in both, no equal_nan", nan_ref, nan_ref.clone())
check("nan only in eager, res near fp64", nan_ref, torch.tensor([1.0, 2.0, 3.0]),
      torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
check("nan only in compiled", torch.tensor([1.0, 2.0, 3.0]), nan_ref, torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
check("inf equal", torch.tensor([float("inf"), 1.0]), torch.tensor([float("inf"), 1.0]))
check("inf vs large", torch.tensor([float("inf"), 1.0]), torch.tensor([1e30, 1.0]))

ints = torch.arange(6)
check("int64 equal", ints, ints.clone())
check("int64 differ", ints, ints + 1)
check("int64 differ, ignore_non_fp", ints, ints + 1, ignore_non_fp=True)
check("int32 vs int64", ints.int(), ints)
check("int32 vs int64, exact_dtype off", ints.int(), ints, exact_dtype=False)
check("uint8 off by one", torch.tensor([3, 4], dtype=torch.uint8), torch.tensor([3, 5], dtype=torch.uint8))
