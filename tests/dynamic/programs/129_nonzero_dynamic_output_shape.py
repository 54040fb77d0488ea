# capture_dynamic_output_shape_ops = True: nonzero's output size is an unbacked symbol u0 in the graph
# env: TORCH_LOGS=dynamic,graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_dynamic_output_shape_ops = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    idx = torch.nonzero(x)
    return idx * 2


opt = torch.compile(fn, backend=cnt)
for values in ([0.0, 1.0, 2.0], [3.0, 0.0, 0.0]):
    x = torch.tensor(values)
    print(values, torch.equal(opt(x), fn(x)), cnt.frame_count)
