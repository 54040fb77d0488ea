# torch._dynamo.disable is torch.compiler.disable: a disabled method on a module
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class M(torch.nn.Module):
    @torch._dynamo.disable
    def log_stats(self, x):
        return x.mean()

    def forward(self, x):
        y = x * 2
        m = self.log_stats(y)
        return y - m


m = torch.compile(M(), backend=cnt)
print(m(torch.tensor([1.0, 3.0])))
print(cnt.frame_count, cnt.op_count)
