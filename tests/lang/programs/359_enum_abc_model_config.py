# enum, abc and a metaclass together as model code uses them: an activation enum, an abstract layer base, a registry metaclass
from abc import ABC, ABCMeta, abstractmethod
from enum import Enum, IntEnum, auto


class Activation(Enum):
    RELU = "relu"
    TANH = "tanh"
    NONE = "none"

    def apply(self, x):
        if self is Activation.RELU:
            return max(0.0, x)
        if self is Activation.TANH:
            return round((2.718281828 ** (2 * x) - 1) / (2.718281828 ** (2 * x) + 1), 4)
        return x


class Stage(IntEnum):
    TRAIN = auto()
    EVAL = auto()
    TEST = auto()


class LayerMeta(ABCMeta):
    registry = {}

    def __new__(mcls, name, bases, ns, **kwargs):
        cls = super().__new__(mcls, name, bases, ns, **kwargs)
        if not cls.__abstractmethods__:
            mcls.registry[name.lower()] = cls
        return cls

    def __call__(cls, *args, **kwargs):
        layer = super().__call__(*args, **kwargs)
        layer.built = True
        return layer


class Layer(metaclass=LayerMeta):
    def __init__(self, act=Activation.NONE):
        self.act = act

    @abstractmethod
    def forward(self, x):
        ...

    def __call__(self, x):
        return self.act.apply(self.forward(x))


class Scale(Layer):
    def __init__(self, factor, act=Activation.RELU):
        super().__init__(act)
        self.factor = factor

    def forward(self, x):
        return x * self.factor


class Shift(Layer):
    def __init__(self, by, act=Activation.NONE):
        super().__init__(act)
        self.by = by

    def forward(self, x):
        return x + self.by


config = [("scale", {"factor": 2.0}), ("shift", {"by": -3.0, "act": Activation("tanh")}),
          ("scale", {"factor": -1.5, "act": Activation["RELU"]})]
layers = [LayerMeta.registry[kind](**kw) for kind, kw in config]
print(sorted(LayerMeta.registry), [type(l).__name__ for l in layers], all(l.built for l in layers))
for x in (-1.0, 0.5, 2.0):
    y = x
    for layer in layers:
        y = layer(y)
    print(x, "->", y)
try:
    Layer()
except TypeError as e:
    print("TypeError:", e)
schedule = {Stage.TRAIN: 0.1, Stage.EVAL: 0.0}
for stage in Stage:
    print(stage.name, int(stage), schedule.get(stage, "n/a"), stage > Stage.TRAIN)
print([a.value for a in Activation], Activation.RELU in Activation, isinstance(layers[0], Layer))
print(repr(Stage.TEST), str(Stage.TEST), f"{Activation.TANH}", Activation.TANH.apply(0.5))
