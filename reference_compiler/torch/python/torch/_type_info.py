"""torch.finfo and torch.iinfo: the numerical properties of floating and
integer dtypes, with PyTorch's attributes, messages and repr (numbers shown
as C's %g shows them)."""

import torch

# dtype -> (bits, eps, max, smallest normal, resolution = 10 ** -digits10)
_FLOAT_INFO = {
    torch.float16: (16, 2.0 ** -10, 65504.0, 2.0 ** -14, 1e-03),
    torch.bfloat16: (16, 2.0 ** -7, (2 - 2.0 ** -7) * 2.0 ** 127, 2.0 ** -126, 1e-02),
    torch.float32: (32, 2.0 ** -23, (2 - 2.0 ** -23) * 2.0 ** 127, 2.0 ** -126, 1e-06),
    torch.float64: (64, 2.0 ** -52, 1.7976931348623157e+308, 2.0 ** -1022, 1e-15),
}

# dtype -> (bits, min, max)
_INT_INFO = {
    torch.uint8: (8, 0, 255),
    torch.int8: (8, -128, 127),
    torch.int16: (16, -32768, 32767),
    torch.int32: (32, -2147483648, 2147483647),
    torch.int64: (64, -9223372036854775808, 9223372036854775807),
}


def _as_dtype(cls_name, value):
    """A torch.dtype from a dtype or a Python type (float -> float64, ...),
    as PyTorch's argument parser converts it."""
    if isinstance(value, torch.dtype):
        return value
    python_types = {float: torch.float64, int: torch.int64, bool: torch.bool}
    if isinstance(value, type) and value in python_types:
        return python_types[value]
    raise TypeError(f"{cls_name}(): argument 'type' (position 1) must be torch.dtype, not {type(value).__name__}")


def _short_name(dtype):
    return str(dtype)[len('torch.'):]


class finfo:
    __module__ = 'torch'

    def __init__(self, type=None):
        dtype = torch.get_default_dtype() if type is None else _as_dtype('finfo', type)
        if dtype not in _FLOAT_INFO:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'")
        self.bits, self.eps, self.max, self.smallest_normal, self.resolution = _FLOAT_INFO[dtype]
        self.min = -self.max
        self.tiny = self.smallest_normal
        self.dtype = _short_name(dtype)

    def __eq__(self, other):
        return isinstance(other, finfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    __module__ = 'torch'

    def __init__(self, type):
        dtype = _as_dtype('iinfo', type)
        if dtype == torch.bool:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if dtype not in _INT_INFO:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        self.bits, self.min, self.max = _INT_INFO[dtype]
        self.dtype = _short_name(dtype)

    def __eq__(self, other):
        return isinstance(other, iinfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        return f"iinfo(min={float(self.min):g}, max={float(self.max):g}, dtype={self.dtype})"
