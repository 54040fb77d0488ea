"""The recurrent layers RNN, LSTM and GRU and the cells RNNCell, LSTMCell
and GRUCell, after torch/nn/modules/rnn.py: the same parameters (names,
shapes, registration order and uniform(-1/sqrt(hidden), 1/sqrt(hidden))
initialisation), argument checks, reprs and messages; the math is torch._VF's.

The weights are always read by name (_flat_weights_names), so there is no
flat-weight cache to keep in step; flatten_parameters() has nothing to do
on the CPU.
"""

import math
import warnings
import torch
import torch.nn.init as init
from torch import _VF
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.utils.rnn import PackedSequence

__all__ = ['RNNBase', 'RNN', 'LSTM', 'GRU', 'RNNCellBase', 'RNNCell', 'LSTMCell', 'GRUCell']

# The gate rows per hidden unit each mode's weights stack.
_GATES_PER_MODE = {'LSTM': 4, 'GRU': 3, 'RNN_TANH': 1, 'RNN_RELU': 1}


def _apply_permutation(tensor, permutation, dim=1):
    return tensor.index_select(dim, permutation)


def _reset_uniform(module):
    """Every parameter, in registration order, from uniform(-1/sqrt(hidden), 1/sqrt(hidden))."""
    stdv = 1.0 / math.sqrt(module.hidden_size) if module.hidden_size > 0 else 0
    for weight in module.parameters():
        init.uniform_(weight, -stdv, stdv)


class RNNBase(Module):
    """The layers' shared constructor, checks and repr; `mode` is LSTM, GRU,
    RNN_TANH or RNN_RELU."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError('dropout should be a number in range [0, 1] representing the probability of an element '
                             'being zeroed')
        if dropout > 0 and num_layers == 1:
            warnings.warn('dropout option adds dropout after all but last recurrent layer, so non-zero dropout '
                          f'expects num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}',
                          stacklevel=2)
        if not isinstance(bias, bool):
            raise TypeError(f'bias should be of type bool, got: {type(bias).__name__}')
        if not isinstance(batch_first, bool):
            raise TypeError(f'batch_first should be of type bool, got: {type(batch_first).__name__}')
        if not isinstance(input_size, int):
            raise TypeError(f'input_size should be of type int, got: {type(input_size).__name__}')
        if input_size <= 0:
            raise ValueError('input_size must be greater than zero')
        if not isinstance(hidden_size, int):
            raise TypeError(f'hidden_size should be of type int, got: {type(hidden_size).__name__}')
        if hidden_size <= 0:
            raise ValueError('hidden_size must be greater than zero')
        if num_layers <= 0:
            raise ValueError('num_layers must be greater than zero')
        if proj_size < 0:
            raise ValueError('proj_size should be a positive integer or zero to disable projections')
        if proj_size >= hidden_size:
            raise ValueError('proj_size has to be smaller than hidden_size')
        if mode not in _GATES_PER_MODE:
            raise ValueError('Unrecognized RNN mode: ' + mode)
        gate_size = _GATES_PER_MODE[mode] * hidden_size

        self._flat_weights_names = []
        self._all_weights = []
        real_hidden_size = proj_size if proj_size > 0 else hidden_size
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                suffix = '_reverse' if direction == 1 else ''
                # PyTorch creates all five tensors (consuming no RNG) and registers those the layer has.
                params = {
                    'weight_ih': Parameter(torch.empty((gate_size, layer_input_size), **factory_kwargs)),
                    'weight_hh': Parameter(torch.empty((gate_size, real_hidden_size), **factory_kwargs)),
                    'bias_ih': Parameter(torch.empty(gate_size, **factory_kwargs)),
                    'bias_hh': Parameter(torch.empty(gate_size, **factory_kwargs)),
                }
                kinds = ['weight_ih', 'weight_hh']
                if bias:
                    kinds += ['bias_ih', 'bias_hh']
                if proj_size > 0:
                    params['weight_hr'] = Parameter(torch.empty((proj_size, hidden_size), **factory_kwargs))
                    kinds.append('weight_hr')
                param_names = []
                for kind in kinds:
                    name = f'{kind}_l{layer}{suffix}'
                    setattr(self, name, params[kind])
                    param_names.append(name)
                self._flat_weights_names.extend(param_names)
                self._all_weights.append(param_names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        return [getattr(self, name) if hasattr(self, name) else None for name in self._flat_weights_names]

    @property
    def all_weights(self):
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    def flatten_parameters(self):
        """cuDNN packs the weights into one buffer; on the CPU there is nothing to do."""

    def reset_parameters(self):
        _reset_uniform(self)

    def check_input(self, input, batch_sizes):
        weight_dtype = getattr(self, self._flat_weights_names[0]).dtype
        if input.dtype != weight_dtype:
            raise ValueError(f'RNN input dtype ({input.dtype}) does not match weight dtype ({weight_dtype}). '
                             f'Convert input: input.to({weight_dtype}), or convert model: model.to({input.dtype})')
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f'input must have {expected_input_dim} dimensions, got {input.dim()}')
        if self.input_size != input.size(-1):
            raise RuntimeError(f'input.size(-1) must be equal to input_size. Expected {self.input_size}, '
                               f'got {input.size(-1)}')

    def _mini_batch(self, input, batch_sizes):
        if batch_sizes is not None:
            return int(batch_sizes[0])
        return input.size(0) if self.batch_first else input.size(1)

    def get_expected_hidden_size(self, input, batch_sizes):
        num_directions = 2 if self.bidirectional else 1
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self.num_layers * num_directions, self._mini_batch(input, batch_sizes), real_hidden_size)

    def check_hidden_size(self, hx, expected_hidden_size, msg='Expected hidden size {}, got {}'):
        if hx.size() != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        expected_hidden_size = self.get_expected_hidden_size(input, batch_sizes)
        self.check_hidden_size(hidden, expected_hidden_size)

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return _apply_permutation(hx, permutation)

    def extra_repr(self):
        s = '{input_size}, {hidden_size}'
        if self.proj_size != 0:
            s += ', proj_size={proj_size}'
        if self.num_layers != 1:
            s += ', num_layers={num_layers}'
        if self.bias is not True:
            s += ', bias={bias}'
        if self.batch_first is not False:
            s += ', batch_first={batch_first}'
        if self.dropout != 0:
            s += ', dropout={dropout}'
        if self.bidirectional is not False:
            s += ', bidirectional={bidirectional}'
        return s.format(**self.__dict__)

    def _zeros_state(self, input, max_batch_size, size):
        num_directions = 2 if self.bidirectional else 1
        return torch.zeros(self.num_layers * num_directions, max_batch_size, size, dtype=input.dtype,
                           device=input.device)

    def _forward_single_state(self, kind, input, hx, run):
        """RNN's and GRU's forward (one hidden tensor); `run` calls the _VF
        kernel with (input, batch_sizes, hx)."""
        orig_input = input
        is_batched = True
        batch_dim = 0
        if isinstance(orig_input, PackedSequence):
            input, batch_sizes, sorted_indices, unsorted_indices = input
            max_batch_size = int(batch_sizes[0])
            if hx is None:
                hx = self._zeros_state(input, max_batch_size, self.hidden_size)
            else:
                hx = self.permute_hidden(hx, sorted_indices)
        else:
            batch_sizes = None
            if input.dim() not in (2, 3):
                raise ValueError(f'{kind}: Expected input to be 2D or 3D, got {input.dim()}D '
                                 + ('tensor instead' if kind == 'RNN' else 'instead'))
            is_batched = input.dim() == 3
            batch_dim = 0 if self.batch_first else 1
            if not is_batched:
                input = input.unsqueeze(batch_dim)
                if hx is not None:
                    if hx.dim() != 2:
                        raise RuntimeError(f'For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor')
                    hx = hx.unsqueeze(1)
            elif hx is not None and hx.dim() != 3:
                raise RuntimeError(f'For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor')
            max_batch_size = input.size(0) if self.batch_first else input.size(1)
            sorted_indices = None
            unsorted_indices = None
            if hx is None:
                hx = self._zeros_state(input, max_batch_size, self.hidden_size)
        self.check_forward_args(input, hx, batch_sizes)
        output, hidden = run(input, batch_sizes, hx)
        if isinstance(orig_input, PackedSequence):
            return PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices), \
                self.permute_hidden(hidden, unsorted_indices)
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = hidden.squeeze(1)
        return output, self.permute_hidden(hidden, unsorted_indices)

    def _run_kernel(self, kernel, input, batch_sizes, hx):
        weights = self._flat_weights
        if batch_sizes is None:
            return kernel(input, hx, weights, self.bias, self.num_layers, self.dropout, self.training,
                          self.bidirectional, self.batch_first)
        return kernel(input, batch_sizes, hx, weights, self.bias, self.num_layers, self.dropout, self.training,
                      self.bidirectional)


class RNN(RNNBase):
    """An Elman RNN: h_t = tanh (or relu) of W_ih x_t + b_ih + W_hh h_(t-1) + b_hh."""

    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError('proj_size argument is only supported for LSTM, not RNN or GRU')
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if self.nonlinearity == 'tanh':
            mode = 'RNN_TANH'
        elif self.nonlinearity == 'relu':
            mode = 'RNN_RELU'
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        kernel = _VF.rnn_tanh if self.mode == 'RNN_TANH' else _VF.rnn_relu
        return self._forward_single_state('RNN', input, hx,
                                          lambda x, batch_sizes, h: self._run_kernel(kernel, x, batch_sizes, h))


class LSTM(RNNBase):
    """A long short-term memory RNN (gates i, f, g, o), with an optional
    projection of the hidden state to proj_size."""

    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, self._mini_batch(input, batch_sizes), self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               'Expected hidden[0] size {}, got {}')
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               'Expected hidden[1] size {}, got {}')

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return _apply_permutation(hx[0], permutation), _apply_permutation(hx[1], permutation)

    def forward(self, input, hx=None):
        orig_input = input
        batch_sizes = None
        is_batched = True
        batch_dim = 0
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        if isinstance(orig_input, PackedSequence):
            input, batch_sizes, sorted_indices, unsorted_indices = input
            max_batch_size = int(batch_sizes[0])
            if hx is None:
                hx = (self._zeros_state(input, max_batch_size, real_hidden_size),
                      self._zeros_state(input, max_batch_size, self.hidden_size))
            else:
                hx = self.permute_hidden(hx, sorted_indices)
        else:
            if input.dim() not in (2, 3):
                raise ValueError(f'LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead')
            is_batched = input.dim() == 3
            batch_dim = 0 if self.batch_first else 1
            if not is_batched:
                input = input.unsqueeze(batch_dim)
            max_batch_size = input.size(0) if self.batch_first else input.size(1)
            sorted_indices = None
            unsorted_indices = None
            if hx is None:
                hx = (self._zeros_state(input, max_batch_size, real_hidden_size),
                      self._zeros_state(input, max_batch_size, self.hidden_size))
                self.check_forward_args(input, hx, batch_sizes)
            else:
                if is_batched:
                    if hx[0].dim() != 3 or hx[1].dim() != 3:
                        raise RuntimeError('For batched 3-D input, hx and cx should also be 3-D but got '
                                           f'({hx[0].dim()}-D, {hx[1].dim()}-D) tensors')
                else:
                    if hx[0].dim() != 2 or hx[1].dim() != 2:
                        raise RuntimeError('For unbatched 2-D input, hx and cx should also be 2-D but got '
                                           f'({hx[0].dim()}-D, {hx[1].dim()}-D) tensors')
                    hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
                self.check_forward_args(input, hx, batch_sizes)
        if batch_sizes is None and self.proj_size > 0 and input.dtype == torch.float32 and input.numel() != 0:
            # PyTorch runs a float LSTM through oneDNN, which cannot project, and says so once.
            warnings.warn('LSTM with projections is not supported with oneDNN. Using default implementation. '
                          '(Triggered internally at ./aten/src/ATen/native/RNN.cpp:1512.)')
        result = self._run_kernel(_VF.lstm, input, batch_sizes, hx)
        output = result[0]
        hidden = (result[1], result[2])
        if isinstance(orig_input, PackedSequence):
            return PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices), \
                self.permute_hidden(hidden, unsorted_indices)
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1))
        return output, self.permute_hidden(hidden, unsorted_indices)


class GRU(RNNBase):
    """A gated recurrent unit RNN (gates r, z, n)."""

    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError('proj_size argument is only supported for LSTM, not RNN or GRU')
        super().__init__('GRU', *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_single_state('GRU', input, hx,
                                          lambda x, batch_sizes, h: self._run_kernel(_VF.gru, x, batch_sizes, h))


class RNNCellBase(Module):
    """The cells' shared parameters (weight_ih, weight_hh, bias_ih, bias_hh
    with num_chunks gate blocks) and repr."""

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), **factory_kwargs))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), **factory_kwargs))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, **factory_kwargs))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, **factory_kwargs))
        else:
            self.register_parameter('bias_ih', None)
            self.register_parameter('bias_hh', None)
        self.reset_parameters()

    def extra_repr(self):
        s = '{input_size}, {hidden_size}'
        if 'bias' in self.__dict__ and self.bias is not True:
            s += ', bias={bias}'
        if 'nonlinearity' in self.__dict__ and self.nonlinearity != 'tanh':
            s += ', nonlinearity={nonlinearity}'
        return s.format(**self.__dict__)

    def reset_parameters(self):
        _reset_uniform(self)

    def _check_dims(self, kind, input, hx):
        if input.dim() not in (1, 2):
            raise ValueError(f'{kind}: Expected input to be 1D or 2D, got {input.dim()}D instead')
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f'{kind}: Expected hidden to be 1D or 2D, got {hx.dim()}D instead')

    def _forward_single_state(self, input, hx, kernel):
        """RNNCell's and GRUCell's forward: unbatched 1-D input runs as a batch of one."""
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
        else:
            hx = hx.unsqueeze(0) if not is_batched else hx
        ret = kernel(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not is_batched:
            ret = ret.squeeze(0)
        return ret


class RNNCell(RNNCellBase):
    """One step of an Elman RNN (tanh or relu)."""

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity='tanh', device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        self._check_dims('RNNCell', input, hx)
        if self.nonlinearity == 'tanh':
            kernel = _VF.rnn_tanh_cell
        elif self.nonlinearity == 'relu':
            kernel = _VF.rnn_relu_cell
        else:
            raise RuntimeError(f'Unknown nonlinearity: {self.nonlinearity}')
        return self._forward_single_state(input, hx, kernel)


class LSTMCell(RNNCellBase):
    """One step of an LSTM: (h, c) from the input and (h, c)."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f'LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead')
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f'LSTMCell: Expected hx[{idx}] to be 1D or 2D, got {value.dim()}D instead')
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
            hx = (zeros, zeros)
        else:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0)) if not is_batched else hx
        ret = _VF.lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not is_batched:
            ret = (ret[0].squeeze(0), ret[1].squeeze(0))
        return ret


class GRUCell(RNNCellBase):
    """One step of a GRU."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        self._check_dims('GRUCell', input, hx)
        return self._forward_single_state(input, hx, _VF.gru_cell)
