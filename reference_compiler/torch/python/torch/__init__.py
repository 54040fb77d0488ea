"""The torch package as refc programs see it.

Tensors, ops and the other native objects come from torch._C (refc's C++
runtime); this package adds what PyTorch itself writes in Python: grad-mode
context managers, torch.autograd, torch.nn, torch.optim, the constants and
small helpers of PyTorch's torch/__init__.py, and the CPU-only views of
torch.cuda and torch.backends.
"""

import builtins as _builtins
import math as _math
import warnings as _warnings
from torch._C import *
import torch._C as _C
from torch.autograd.grad_mode import no_grad, enable_grad, set_grad_enabled, inference_mode, is_inference_mode_enabled
import torch.autograd
from torch.functional import atleast_1d, atleast_2d, atleast_3d, broadcast_shapes, broadcast_tensors, cartesian_prod, meshgrid
from torch._type_info import finfo, iinfo
from torch._functional_extra import block_diag, einsum, tensordot, unravel_index, unique, unique_consecutive
from torch._compile import _disable_dynamo
from torch.serialization import save, load

__version__ = "2.14.1+refc"

# The types of torch.strided and torch.contiguous_format, as PyTorch names them.
layout = type(strided)
memory_format = type(contiguous_format)

inf = _math.inf
nan = _math.nan
pi = _math.pi
e = _math.e
newaxis = None


def _assert(condition, message):
    """A Python assert that graph code can call."""
    if not condition:
        raise AssertionError(message)


def _check_with(error_type, cond, message):
    """Raises error_type(message) unless cond holds. A symbolic cond (a SymBool
    while tracing) is guarded on, as PyTorch's expect_true does for sizes."""
    if not isinstance(cond, (_builtins.bool, SymBool)):  # `bool` here is torch.bool
        if isinstance(cond, Tensor):
            raise TypeError("cond must be a bool, but got a Tensor. For tensor conditions, use "
                            "torch._check_tensor_all() to assert that all elements are true.")
        raise TypeError(f"cond must be a bool, but got {type(cond)}")
    if cond:
        return
    if message is None:
        message = ("Expected cond to be True, but got False. (Could this error message be improved? If so, "
                   "please report an enhancement request to PyTorch.)")
    elif callable(message):
        message = str(message())
    raise error_type(str(message))


def _check(cond, message=None):
    """Asserts a condition on sizes or values (RuntimeError when it fails)."""
    _check_with(RuntimeError, cond, message)


# PyTorch 2.14 deprecates _check_is_size (its text, with the run of spaces
# its source's line continuation leaves).
_CHECK_IS_SIZE_DEPRECATION = ("_check_is_size will be removed in a future PyTorch release along with "
                              "guard_size_oblivious.     Use _check(i >= 0) instead.")


def _warn_check_is_size_deprecated():
    """The deprecation warning when Dynamo traces a _check_is_size call:
    raised here, inside torch, as PyTorch raises it from its own frames."""
    _warnings.warn(_CHECK_IS_SIZE_DEPRECATION, FutureWarning)


def _check_is_size(i, message=None, *, max=None):
    """Asserts that i can be a size: i >= 0 (and i <= max when given)."""
    _warnings.warn(_CHECK_IS_SIZE_DEPRECATION, FutureWarning, stacklevel=2)
    _check(i >= 0, message)
    if max is not None:
        _check(i <= max, message)


def sym_max(a, b):
    """max(a, b) without guarding: a SymInt / SymFloat operand gives Max(a, b)."""
    if isinstance(a, (SymInt, SymFloat)):
        return a.__sym_max__(b)
    if isinstance(b, (SymInt, SymFloat)):
        return b.__sym_max__(a)
    return _builtins.max(a, b)


def sym_min(a, b):
    """min(a, b) without guarding: a SymInt / SymFloat operand gives Min(a, b)."""
    if isinstance(a, (SymInt, SymFloat)):
        return a.__sym_min__(b)
    if isinstance(b, (SymInt, SymFloat)):
        return b.__sym_min__(a)
    return _builtins.min(a, b)


def typename(obj):
    """The type name PyTorch's messages use: 'torch.FloatTensor' for a tensor,
    the qualified name otherwise ('int', 'collections.OrderedDict')."""
    if isinstance(obj, Tensor):
        return obj.type()
    module = getattr(obj, '__module__', '') or ''
    if hasattr(obj, '__qualname__'):
        qualname = obj.__qualname__
    elif hasattr(obj, '__name__'):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ''
        qualname = obj.__class__.__qualname__
    if module in {'', 'builtins'}:
        return qualname
    return f'{module}.{qualname}'


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    """`obj` as a tensor: a tensor itself when no conversion or copy is asked
    for, else a converted copy; other objects as torch.as_tensor makes them."""
    if isinstance(obj, Tensor):
        result = obj
        if (dtype is not None and dtype != obj.dtype) or (device is not None and _C.device(device) != obj.device):
            result = obj.to(dtype=dtype, device=device)
        elif copy:
            result = obj.clone()
    else:
        result = as_tensor(obj, dtype=dtype, device=device)
    if requires_grad:
        result.requires_grad_()
    return result


# Global switches PyTorch keeps in its C++ context. refc's kernels are always
# deterministic and compute float32 matmuls in full precision, so the
# settings are only recorded and reported back.
_deterministic_algorithms = False
_deterministic_algorithms_warn_only = False
_float32_matmul_precision = 'highest'


def use_deterministic_algorithms(mode, *, warn_only=False):
    global _deterministic_algorithms, _deterministic_algorithms_warn_only
    # type(True): `bool` here is torch.bool, from torch._C.
    if not isinstance(mode, type(True)):
        raise TypeError(f"_set_deterministic_algorithms(): argument 'mode' (position 1) must be bool, not {type(mode).__name__}")
    _deterministic_algorithms = mode
    _deterministic_algorithms_warn_only = warn_only


def are_deterministic_algorithms_enabled():
    return _deterministic_algorithms


def is_deterministic_algorithms_warn_only_enabled():
    return _deterministic_algorithms_warn_only


def get_float32_matmul_precision():
    return _float32_matmul_precision


def set_float32_matmul_precision(precision):
    global _float32_matmul_precision
    if precision in ('highest', 'high', 'medium'):
        _float32_matmul_precision = precision


# These submodules load on first use: `import torch` stays fast for programs
# that only use tensors, and torch.nn.Linear, torch.optim.SGD, ... resolve as
# in PyTorch (which imports them eagerly).
_LAZY_SUBMODULES = frozenset(['_dynamo', '_library', '_logging', 'backends', 'compiler', 'cuda', 'fx', 'library',
                              'linalg', 'nn', 'optim', 'special', 'testing', 'utils'])


# The backend torch.compile uses when none is named: inductor once refc has it;
# until then the best available stage, eager (naming inductor raises).
_DEFAULT_COMPILE_BACKEND = 'eager'


def compile(model=None, *, fullgraph=False, dynamic=None, backend=None, mode=None, options=None, disable=False):
    """Compiles `model` (a function or nn.Module) with the Dynamo-style tracer;
    usable as a decorator with or without arguments."""
    if model is None:
        def wrap(fn):
            return compile(fn, fullgraph=fullgraph, dynamic=dynamic, backend=backend, mode=mode, options=options,
                           disable=disable)
        return wrap
    if mode is not None and options is not None:
        raise RuntimeError("Either mode or options can be specified, but both can't be specified at the same time.")
    if disable:
        return model
    from torch._dynamo.eval_frame import _OptimizeContext
    if backend is None:
        backend = _DEFAULT_COMPILE_BACKEND
    return _OptimizeContext(backend, fullgraph, dynamic, torch_compile=True)(model)


# torch.lstm, torch.gru_cell, ...: torch._VF's recurrent kernels, loaded (with
# torch.nn, which they use) on first use.
_RECURRENT_FUNCTIONS = ('gru', 'gru_cell', 'lstm', 'lstm_cell', 'rnn_relu', 'rnn_relu_cell', 'rnn_tanh',
                        'rnn_tanh_cell')


def __getattr__(name):
    if name in _LAZY_SUBMODULES:
        __import__('torch.' + name)
        return globals()[name]
    if name in _RECURRENT_FUNCTIONS:
        from torch import _VF
        globals()[name] = getattr(_VF, name)
        return globals()[name]
    if name == 'cond':  # loads on first use too
        from torch._higher_order_ops.cond import cond
        globals()['cond'] = cond
        return cond
    raise AttributeError(f"module 'torch' has no attribute '{name}'")


# TORCH_LOGS is read (and rejected when invalid) when torch is imported, as in PyTorch.
_C._logging._init_logs()
