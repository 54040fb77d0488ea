"""torch.optim: optimizers (SGD, Adam, AdamW) and learning-rate schedulers."""

from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
import torch.optim.lr_scheduler

__all__ = ['Adam', 'AdamW', 'Optimizer', 'SGD', 'lr_scheduler']
