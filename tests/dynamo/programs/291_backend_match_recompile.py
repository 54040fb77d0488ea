# A function compiled again with another backend recompiles (the cache entry's backend must match); each compiled function then reuses its own entry
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing


def body(x):
    return x.sin() + 1


def my_backend(gm, example_inputs):
    return gm.forward


def other_backend(gm, example_inputs):
    return gm.forward


x = torch.ones(3)
a, b = torch._dynamo.testing.CompileCounter(), torch._dynamo.testing.CompileCounter()
fa, fb = torch.compile(body, backend=a, dynamic=False), torch.compile(body, backend=b, dynamic=False)
for name, f in [("fa", fa), ("fb", fb), ("fa again", fa), ("fb again", fb),
                ("same counter, new wrapper", torch.compile(body, backend=a, dynamic=False))]:
    print(name, f(x), a.frame_count, b.frame_count)
print("guard failure first", fb(torch.ones(4)), a.frame_count, b.frame_count)
torch._dynamo.reset()
for name, backend in [("eager", "eager"), ("eager again", "eager"), ("function", my_backend),
                      ("same function", my_backend), ("other function", other_backend)]:
    print(name, torch.compile(lambda t: t.cos() * 2, backend=backend, dynamic=False)(x))
torch._dynamo.reset()
c, d = torch._dynamo.testing.CompileCounter(), torch._dynamo.testing.CompileCounter()


def h(x):
    return x.tan() - 1


for name, backend in [("optimize c", c), ("optimize d", d), ("optimize c again", c), ("optimize function", my_backend)]:
    print(name, torch._dynamo.optimize(backend)(h)(x), c.frame_count, d.frame_count)
