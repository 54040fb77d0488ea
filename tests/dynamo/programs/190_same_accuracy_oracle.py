# torch._dynamo.utils.same on float32/float16/bfloat16 decides as PyTorch 2.14: allclose, then RMSE against a float64 reference with its multipliers and options (one line per case, with the messages logged)
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
big = torch.arange(1200, dtype=torch.float64) / 301 - 1.5
for dtype in (torch.float32, torch.float16, torch.bfloat16):
    tag = str(dtype).split(".")[1]
    ref = base.to(dtype)
    check(tag + " identical", ref, ref.clone(), base)
    check(tag + " within tol", ref, ref + 5e-5, base)
    check(tag + " off by 1e-3, no fp64", ref, ref + 1e-3)
    check(tag + " off by 1e-3 vs fp64", ref, (base + 1e-3).to(dtype), base)
    check(tag + " closer to fp64 than eager", (base + 0.01).to(dtype), (base + 0.004).to(dtype), base)
    check(tag + " twice eager's error", (base + 0.01).to(dtype), (base + 0.02).to(dtype), base)
    check(tag + " four times eager's error", (base + 0.01).to(dtype), (base + 0.04).to(dtype), base)
    check(tag + " large, twice eager's error", (big + 0.01).to(dtype), (big + 0.025).to(dtype), big)
    check(tag + " large, 1.5x eager's error", (big + 0.01).to(dtype), (big + 0.015).to(dtype), big)
    check(tag + " large, force_max_multiplier", (big + 0.01).to(dtype), (big + 0.05).to(dtype), big,
          force_max_multiplier=True)
    check(tag + " small, larger multiplier", (base + 0.01).to(dtype), (base + 0.08).to(dtype), base,
          use_larger_multiplier_for_smaller_tensor=True)
    check(tag + " loose tol", (big + 0.01).to(dtype), (big + 0.025).to(dtype), big, tol=2e-2)

