"""Grad-mode context managers: no_grad, enable_grad, set_grad_enabled and
inference_mode, usable in `with` statements and as function decorators, as
in PyTorch."""

import functools
import torch._C as _C


class _DecoratorContextManager:
    """Lets a context manager class decorate a function: each call of the
    function runs inside a fresh instance of the context."""

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


class no_grad(_DecoratorContextManager):
    """Disables gradient recording inside the block."""

    def __init__(self):
        self.prev = False

    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(False)

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)


class enable_grad(_DecoratorContextManager):
    """Enables gradient recording inside the block."""

    def __init__(self):
        self.prev = False

    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(True)

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)


class set_grad_enabled(_DecoratorContextManager):
    """Sets grad mode on construction (so it also works as a plain call) and
    restores the previous mode when used as a context manager."""

    def __init__(self, mode):
        self.prev = _C.is_grad_enabled()
        self.mode = mode
        _C._set_grad_enabled(mode)

    def __call__(self, func):
        _C._set_grad_enabled(self.prev)
        return super().__call__(func)

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)

    def clone(self):
        return self.__class__(self.mode)


_inference_mode_enabled = False


def is_inference_mode_enabled():
    return _inference_mode_enabled


class inference_mode(_DecoratorContextManager):
    """Disables gradient recording inside the block when `mode` is true.
    refc has no inference tensors: inside the block it behaves as no_grad."""

    def __init__(self, mode=True):
        self.prev = False
        self.prev_mode = False
        self.mode = mode

    def __enter__(self):
        global _inference_mode_enabled
        self.prev = _C.is_grad_enabled()
        self.prev_mode = _inference_mode_enabled
        if self.mode:
            _C._set_grad_enabled(False)
        _inference_mode_enabled = self.mode

    def __exit__(self, exc_type, exc_value, traceback):
        global _inference_mode_enabled
        _C._set_grad_enabled(self.prev)
        _inference_mode_enabled = self.prev_mode

    def clone(self):
        return self.__class__(self.mode)
