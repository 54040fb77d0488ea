# an OptimizedModule wraps the original: _orig_mod, shared parameters, prefixed state_dict keys
import torch

lin = torch.nn.Linear(2, 2)
opt = torch.compile(lin, backend="eager")
print(opt._orig_mod is lin)
print(opt.weight is lin.weight)
print(list(opt.state_dict().keys()))
print(list(lin.state_dict().keys()))
print(len(list(opt.parameters())))
print(opt.training)
opt.eval()
print(lin.training)
