# Adam steps with default betas, weight_decay and amsgrad; exp_avg state after the steps.
import torch

def run(**kw):
    w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    opt = torch.optim.Adam([w], lr=0.1, **kw)
    for step in range(4):
        opt.zero_grad()
        loss = (w ** 2 * torch.tensor([1.0, 2.0, 3.0])).sum()
        loss.backward()
        opt.step()
        print(" ", step, w.detach())
    return opt

opt = run()
st = opt.state[opt.param_groups[0]["params"][0]]
print(sorted(st.keys()), st["step"], st["exp_avg"], st["exp_avg_sq"])
run(weight_decay=0.1)
run(amsgrad=True, betas=(0.8, 0.9))
print(opt)
