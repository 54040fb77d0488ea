# a string argument is a constant: comparing it specializes the graph, another string recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, mode):
    if mode == "add":
        return x + 1
    if mode.startswith("mu"):
        return x * 3
    return x - 1


x = torch.ones(2)
print(fn(x, "add"), fn(x, "mul"), fn(x, "none"))
print(fn(x, "add"))
print(cnt.frame_count)
