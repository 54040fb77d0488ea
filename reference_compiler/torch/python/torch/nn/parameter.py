"""torch.nn.parameter: Parameter, the Tensor subclass a Module registers as
a learnable weight. It is native (torch._C.Parameter: a leaf that requires
grad, printed as "Parameter containing:"); this module gives it PyTorch's
import path."""

import torch._C as _C

__all__ = ['Parameter']

Parameter = _C.Parameter
