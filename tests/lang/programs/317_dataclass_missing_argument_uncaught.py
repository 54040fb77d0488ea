# an uncaught TypeError from a dataclass's generated __init__ ends the program with CPython's traceback and message
from dataclasses import dataclass


@dataclass
class TrainConfig:
    batch_size: int
    lr: float
    epochs: int = 10


print(TrainConfig(32, 0.1))
config = TrainConfig(batch_size=64)
print("not reached", config)
