import torch

class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.x = 32

    def forward(self, t):
        if self.x ==33:
            return t * 2
        return t + 1

torch._dynamo.config.allow_unspec_int_on_nn_module = True
m = Model()
cm = torch.compile(m, backend="eager")
print(cm(torch.ones(3)))
m.x = 33
print(cm(torch.ones(3)))
