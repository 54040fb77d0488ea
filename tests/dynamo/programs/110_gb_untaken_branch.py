# a break in a branch not taken at trace time costs nothing; the other flag value recompiles and breaks
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x, debug):
    y = x * 2
    if debug:
        print("debug on")
    return y + 1


print(fn(torch.ones(2), False))
print(cnt.frame_count, cnt.op_count)
print(fn(torch.ones(2), True))
print(cnt.frame_count, cnt.op_count)
