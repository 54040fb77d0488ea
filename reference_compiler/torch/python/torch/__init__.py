"""The torch package as refc programs see it.

Tensors, ops and the other native objects come from torch._C (refc's C++
runtime); this package adds what PyTorch itself writes in Python: grad-mode
context managers, torch.autograd, torch.nn and torch.optim.
"""

from torch._C import *
import torch._C as _C
from torch.autograd.grad_mode import no_grad, enable_grad, set_grad_enabled
import torch.autograd

__version__ = "2.14.1+refc"
