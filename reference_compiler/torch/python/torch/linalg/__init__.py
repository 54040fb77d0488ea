"""torch.linalg: linear-algebra functions. Each is the registry op
linalg_<name> (torch.linalg.vector_norm is torch._C._linalg.linalg_vector_norm,
as in PyTorch), looked up when first used; LinAlgError is what they raise
for singular input."""

import torch._C as _C

LinAlgError = _C._LinAlgError


def __getattr__(name):
    op = getattr(_C._linalg, 'linalg_' + name, None)
    if op is None:
        raise AttributeError(f"module 'torch.linalg' has no attribute '{name}'")
    return op
