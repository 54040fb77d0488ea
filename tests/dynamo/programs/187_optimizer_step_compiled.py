# a compiled training step with Adam: the step is traced (its state read from the
# optimizer), recompiles when the scheduler changes lr, and matches eager's parameters
import torch
import torch._dynamo.testing

torch.manual_seed(0)
mod = torch.nn.Linear(3, 2)
ref = torch.nn.Linear(3, 2)
ref.load_state_dict(mod.state_dict())


def make(m):
    opt = torch.optim.Adam(m.parameters(), lr=0.01)
    return opt, torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)


opt, sched = make(mod)
ref_opt, ref_sched = make(ref)
cnt = torch._dynamo.testing.CompileCounter()


def train(m, o, s, x):
    o.zero_grad(True)
    loss = m(x).pow(2).sum()
    loss.backward()
    o.step()
    s.step()
    return loss


compiled = torch.compile(train, backend=cnt)
x = torch.tensor([[1.0, -2.0, 0.5], [0.25, 1.0, -1.0]])
for _ in range(4):
    a = compiled(mod, opt, sched, x)
    b = train(ref, ref_opt, ref_sched, x)
    print(torch.allclose(a, b), torch.allclose(mod.weight, ref.weight, atol=1e-6), opt.param_groups[0]['lr'])
print(cnt.frame_count)
