# guard_fail_reason_origin with recompiles_verbose (each entry's reason with its comment and user stack, an object's type with its HINT) and with error_on_recompile (the RecompileError's message carries a user stack per reason)
# env: TORCHDYNAMO_GUARD_FAIL_REASON_ORIGIN=1
import torch

torch._logging.set_logs(recompiles_verbose=True)


@torch.compile(backend="eager", dynamic=False)
def fn(x, n, flag):
    if flag:
        return x * n
    return x + 1


class Box:
    scale = 2


class Crate:
    scale = 2


@torch.compile(backend="eager", dynamic=False)
def weigh(x, box):
    return x * box.scale


print(fn(torch.ones(2), 2, True))
print(fn(torch.ones(2), 3, True))
print(fn(torch.ones(2), 3, False))
print(weigh(torch.ones(2), Box()), weigh(torch.ones(2), Crate()))
torch._dynamo.config.error_on_recompile = True
try:
    fn(torch.ones(2), 4, True)
except torch._dynamo.exc.RecompileError as e:
    message = str(e)
    print(type(e).__name__, message.count("\n    - 0/"), message.count("\n    - User stack trace:"))
