# module.training is guarded: eval() after a training-mode call recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


class Branchy(torch.nn.Module):
    def forward(self, x):
        if self.training:
            return x + 1
        return x - 1


m = Branchy()
opt = torch.compile(m, backend=cnt)
print(opt(torch.ones(2)))
m.eval()
print(opt(torch.ones(2)))
m.train()
print(opt(torch.ones(2)))
print(cnt.frame_count)
