# guard_fail_fn (torch._dynamo.optimize): before each recompile it is called once for every cache entry whose guards fail, most recent first, with a GuardFail of the entry's reason and the frame's code; what it raises is logged and the call goes on
# env: TORCHDYNAMO_GUARD_FAIL_REASON_ORIGIN=1
import torch
import torch._dynamo

seen = []
program = __file__.rsplit("/", 1)[-1]


def shown(reason):
    # One space between words, the program's path as its bare name (the peer runs /peer/..., torch shortens it)
    # and a frame-local L['x'] as 2.14 writes it, x (refc keeps the seeds' form).
    reason = reason.replace("L['", "").replace("']", "")
    words = [('"' if w.startswith('"') else "") + program + w.partition(program)[2] if program in w else w
             for w in reason.split(" ") if w]
    return " ".join(words).replace("\n ", "\n")


def on_fail(failure):
    seen.append(failure)
    print("guard_fail_fn:", type(failure).__name__, failure.orig_code is f.__code__, failure.orig_code.co_name)
    print(shown(failure.reason))
    if len(seen) == 3:
        raise RuntimeError("from guard_fail_fn")


def f(x, n):
    return x * n + 1


opt = torch._dynamo.optimize("eager", guard_fail_fn=on_fail, dynamic=False)(f)
print(opt(torch.ones(2), 1))
print(opt(torch.ones(2), 1))
print(opt(torch.ones(2), 2))
print(opt(torch.ones(3), 2))
print(opt(torch.ones(3, dtype=torch.float64), 5))
print(len(seen), isinstance(seen[0], tuple), seen[0]._fields)
plain = torch._dynamo.optimize("eager", dynamic=False)(lambda x: x - 1)
print(plain(torch.ones(1)), plain(torch.ones(2)))
print(len(seen))
