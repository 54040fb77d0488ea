"""torch.nn: neural-network layers (Module and its subclasses), Parameter,
and the functional and init submodules, laid out as in PyTorch."""

from torch.nn.parameter import Parameter
from torch.nn.modules import *
import torch.nn.functional
import torch.nn.init
import torch.nn.utils
