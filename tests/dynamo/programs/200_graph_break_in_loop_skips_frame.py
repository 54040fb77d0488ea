# a graph break inside a loop cannot be resumed: the frame runs eagerly and one break is logged (2.14: not handled gracefully, then "graph break in loop")
# env: TORCH_LOGS=graph_breaks
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    for i in range(2):
        x = x + 1
        torch._dynamo.graph_break()
    return x * 2


opt = torch.compile(fn, backend=cnt)
print(opt(torch.ones(2)))
print(opt(torch.ones(2)))
print("frames", cnt.frame_count)
