# A program whose second call of a compiled function must see a new int
# argument: with the planted bug unguarded_constants the cached graph (built
# for the first value) runs again and the printed result is wrong.
import torch


class Scaler(torch.nn.Module):
    def __init__(self, width):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(width))
        self.bias = torch.zeros(width)

    def forward(self, x):
        return x * self.weight + self.bias


def normalize(t):
    return (t - t.mean()) / (t.std() + 1e-5)


def pipeline(x, steps):
    for _ in range(steps):
        x = torch.tanh(x) + 0.5
    return x


def scaled(x, factor):
    y = x.sin()
    return y * factor


def report(name, t):
    print(name, [round(v, 3) for v in t.tolist()])


torch.manual_seed(0)
model = Scaler(4)
data = torch.arange(4, dtype=torch.float32)
report("model", model(data).detach())
report("normalized", normalize(data))

compiled_pipeline = torch.compile(pipeline, backend="eager")
report("pipeline", compiled_pipeline(data, 2))

history = []
for round_index in range(3):
    history.append(round_index * 2)
print("history", history)

compiled_scaled = torch.compile(scaled, backend="eager")
first = compiled_scaled(data, 2)
second = compiled_scaled(data, 3)
report("first", first)
report("second", second)

settings = {"mode": "fast", "depth": 3}
if settings["mode"] == "fast":
    print("depth", settings["depth"])
else:
    print("slow")
total = sum(history)
print("total", total)
