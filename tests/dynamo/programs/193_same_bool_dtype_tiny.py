# torch._dynamo.utils.same on bool tensors (uint8 and IoU comparison), dtype mismatches and 0-d, 1-element and empty tensors decides as PyTorch 2.14
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
mask = torch.tensor([True, False, True, True])
check("bool equal", mask, mask.clone())
check("bool differ", mask, torch.tensor([True, True, True, True]))
check("bool differ, ignore_non_fp", mask, ~mask, ignore_non_fp=True)
check("bool iou ok", torch.ones(200, dtype=torch.bool), torch.cat([torch.ones(199, dtype=torch.bool), torch.zeros(1, dtype=torch.bool)]),
      use_iou_for_bool=True)
check("bool iou low", mask, torch.tensor([True, False, False, False]), use_iou_for_bool=True)
check("bool iou empty", torch.zeros(3, dtype=torch.bool), torch.zeros(3, dtype=torch.bool), use_iou_for_bool=True)

check("float32 vs float64 dtype", base.float(), base)
check("float32 vs float64, exact_dtype off", base.float(), base, exact_dtype=False)
check("0-d tensors", torch.tensor(2.5), torch.tensor(2.5))
check("1-element off", torch.tensor([2.5]), torch.tensor([2.6]), torch.tensor([2.55], dtype=torch.float64))
check("empty tensors", torch.zeros(0), torch.zeros(0))
