# The model of the debugging tour (scripts/demo): a small network compiled
# with torch.compile, called on two batch sizes (the second recompiles) and
# with a print inside (a graph break). Run it as it is, with
# TORCH_LOGS=recompiles,graph_breaks, or with a planted fault
# (TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY=relu:accuracy) under
# TORCHDYNAMO_REPRO_AFTER=dynamo to get a repro to minify.
import torch


class Block(torch.nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear = torch.nn.Linear(width, width)
        self.norm = torch.nn.LayerNorm(width)

    def forward(self, x):
        return torch.relu(self.norm(x + self.linear(x)))


class Model(torch.nn.Module):
    def __init__(self, width, depth):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block(width) for _ in range(depth)])
        self.head = torch.nn.Linear(width, 2)

    def forward(self, x):
        for block in self.blocks:
            x = torch.tanh(block(x)) * 0.5 + x
        print("features ready")  # a graph break: the head is a second graph
        return self.head(x).softmax(-1)


torch.manual_seed(0)
model = Model(16, 4)
compiled = torch.compile(model, backend="eager")
with torch.no_grad():
    for batch in (8, 32):
        out = compiled(torch.randn(batch, 16))
        print("batch", batch, "->", tuple(out.shape), "row sums", round(float(out.sum()) / batch, 4))
