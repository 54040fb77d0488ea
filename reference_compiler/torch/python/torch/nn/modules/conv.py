"""Conv1d, Conv2d and Conv3d, after torch/nn/modules/conv.py: argument
checks, 'same'/'valid' padding, non-zero padding modes (through F.pad) and
PyTorch's weight initialisation."""

import torch
import torch.nn.functional as F
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.modules.utils import _pair, _register_bias, _reset_kaiming_uniform, _reverse_repeat_tuple, _single, _triple

__all__ = ['Conv1d', 'Conv2d', 'Conv3d']


class _ConvNd(Module):
    # Set by each ConvNd: the normaliser of an int argument to one value per
    # spatial dim (_single, _pair, _triple) and the functional convolution.
    _ntuple = None
    _conv = None

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed, output_padding,
                 groups, bias, padding_mode, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super().__init__()
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        valid_padding_strings = {'same', 'valid'}
        if isinstance(padding, str):
            if padding not in valid_padding_strings:
                raise ValueError(f'Invalid padding string {padding!r}, should be one of {valid_padding_strings}')
            if padding == 'same' and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        valid_padding_modes = {'zeros', 'reflect', 'replicate', 'circular'}
        if padding_mode not in valid_padding_modes:
            raise ValueError(f"padding_mode must be one of {valid_padding_modes}, but got padding_mode='{padding_mode}'")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.padding_mode = padding_mode
        # The F.pad argument (last dim first, both sides) for non-zero padding modes.
        if isinstance(self.padding, str):
            self._reversed_padding_repeated_twice = [0, 0] * len(kernel_size)
            if padding == 'same':
                for d, k, i in zip(dilation, kernel_size, range(len(kernel_size) - 1, -1, -1)):
                    total_padding = d * (k - 1)
                    left_pad = total_padding // 2
                    self._reversed_padding_repeated_twice[2 * i] = left_pad
                    self._reversed_padding_repeated_twice[2 * i + 1] = total_padding - left_pad
        else:
            self._reversed_padding_repeated_twice = _reverse_repeat_tuple(self.padding, 2)
        if transposed:
            self.weight = Parameter(torch.empty((in_channels, out_channels // groups, *kernel_size), **factory_kwargs))
        else:
            self.weight = Parameter(torch.empty((out_channels, in_channels // groups, *kernel_size), **factory_kwargs))
        _register_bias(self, bias, out_channels, factory_kwargs)
        self.reset_parameters()

    def _init_forward_conv(self, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                           padding_mode, device, dtype):
        # The ConvNd constructors: int arguments become one value per spatial
        # dim; a padding string ('same', 'valid') stays as it is.
        n = self._ntuple
        _ConvNd.__init__(self, in_channels, out_channels, n(kernel_size), n(stride),
                         padding if isinstance(padding, str) else n(padding), n(dilation), False, n(0),
                         groups, bias, padding_mode, device, dtype)

    def reset_parameters(self):
        with torch.no_grad():
            _reset_kaiming_uniform(self)

    def extra_repr(self):
        s = '{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}'
        if self.padding != (0,) * len(self.padding):
            s += ', padding={padding}'
        if self.dilation != (1,) * len(self.dilation):
            s += ', dilation={dilation}'
        if self.output_padding != (0,) * len(self.output_padding):
            s += ', output_padding={output_padding}'
        if self.groups != 1:
            s += ', groups={groups}'
        if self.bias is None:
            s += ', bias=False'
        if self.padding_mode != 'zeros':
            s += ', padding_mode={padding_mode}'
        return s.format(**self.__dict__)

    def _conv_forward(self, input, weight, bias):
        if self.padding_mode != 'zeros':
            return self._conv(F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode), weight, bias,
                              self.stride, self._ntuple(0), self.dilation, self.groups)
        return self._conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)


class Conv1d(_ConvNd):
    _ntuple = staticmethod(_single)
    _conv = staticmethod(F.conv1d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        self._init_forward_conv(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                                padding_mode, device, dtype)


class Conv2d(_ConvNd):
    _ntuple = staticmethod(_pair)
    _conv = staticmethod(F.conv2d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        self._init_forward_conv(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                                padding_mode, device, dtype)


class Conv3d(_ConvNd):
    _ntuple = staticmethod(_triple)
    _conv = staticmethod(F.conv3d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        self._init_forward_conv(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                                padding_mode, device, dtype)
