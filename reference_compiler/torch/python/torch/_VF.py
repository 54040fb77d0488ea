"""torch._VF: the recurrent-network kernels that PyTorch's nn.RNN, nn.LSTM,
nn.GRU and their cells call (ATen's RNN.cpp), and the sequence packing
kernels behind torch.nn.utils.rnn (ATen's PackedSequence.cpp), written over
refc's ops so that autograd runs through them.

The math is ATen's CPU path: a layer first projects its whole input with
weight_ih (one linear over every time step), then runs the cell step by step;
the LSTM gates are chunked i, f, g, o and the GRU gates r, z, n with
n = tanh(W_in x + b_in + r * (W_hn h + b_hn)) and h' = (h - n) * z + n.
Between layers (not after the last) training mode applies dropout, drawing
from the RNG as at::dropout does. A layer's hidden state is a tensor, or an
(h, c) tuple for the LSTM.
"""

import torch
import torch.nn.functional as F

__all__ = ['rnn_tanh', 'rnn_relu', 'lstm', 'gru', 'rnn_tanh_cell', 'rnn_relu_cell', 'lstm_cell', 'gru_cell',
           '_pack_padded_sequence', '_pad_packed_sequence', 'pad_sequence']


class _LayerParams:
    """One layer-direction's weights: w_ih, w_hh, the optional biases and
    the LSTM's optional projection w_hr."""

    def __init__(self, w_ih, w_hh, b_ih, b_hh, w_hr):
        self.w_ih = w_ih
        self.w_hh = w_hh
        self.b_ih = b_ih
        self.b_hh = b_hh
        self.w_hr = w_hr


def _group_params(params, has_biases, num_layers, num_directions):
    """The flat weight list in PyTorch's order (weight_ih, weight_hh,
    [bias_ih, bias_hh], [weight_hr] per layer-direction), grouped."""
    params = list(params)
    stride = len(params) // (num_layers * num_directions)
    plain = 4 if has_biases else 2
    groups = []
    for k in range(num_layers * num_directions):
        p = params[k * stride:(k + 1) * stride]
        b_ih = p[2] if has_biases else None
        b_hh = p[3] if has_biases else None
        w_hr = p[plain] if stride > plain else None
        groups.append(_LayerParams(p[0], p[1], b_ih, b_hh, w_hr))
    return groups


# ---- cells: one time step, given the input already projected by weight_ih ----------

def _tanh_step(igates, hidden, p):
    return torch.tanh(F.linear(hidden, p.w_hh, p.b_hh) + igates)


def _relu_step(igates, hidden, p):
    return torch.relu(F.linear(hidden, p.w_hh, p.b_hh) + igates)


def _lstm_step(igates, hidden, p):
    hx, cx = hidden
    gates = F.linear(hx, p.w_hh, p.b_hh) + igates
    ingate, forgetgate, cellgate, outgate = gates.chunk(4, 1)
    ingate = torch.sigmoid(ingate)
    forgetgate = torch.sigmoid(forgetgate)
    cellgate = torch.tanh(cellgate)
    outgate = torch.sigmoid(outgate)
    cy = forgetgate * cx + ingate * cellgate
    hy = outgate * torch.tanh(cy)
    if p.w_hr is not None:
        hy = torch.matmul(hy, p.w_hr.t())
    return hy, cy


def _gru_step(igates, hidden, p):
    i_r, i_z, i_n = igates.chunk(3, 1)
    h_r, h_z, h_n = F.linear(hidden, p.w_hh, p.b_hh).chunk(3, 1)
    resetgate = torch.sigmoid(h_r + i_r)
    inputgate = torch.sigmoid(h_z + i_z)
    newgate = torch.tanh(i_n + h_n * resetgate)
    return (hidden - newgate) * inputgate + newgate


# ---- hidden states: a tensor, or the LSTM's (h, c) ----------------------------------

def _hidden_output(hidden):
    return hidden[0] if isinstance(hidden, tuple) else hidden


def _hidden_slice(hidden, start, end):
    if isinstance(hidden, tuple):
        return (hidden[0].narrow(0, start, end - start), hidden[1].narrow(0, start, end - start))
    return hidden.narrow(0, start, end - start)


def _hidden_concat(hiddens):
    if isinstance(hiddens[0], tuple):
        return (torch.cat([h[0] for h in hiddens], 0), torch.cat([h[1] for h in hiddens], 0))
    return torch.cat(hiddens, 0)


# ---- layers ------------------------------------------------------------------------

def _full_layer(step, input, hidden, p, reverse):
    """One direction of one layer over a [T, B, *] input."""
    steps = F.linear(input, p.w_ih, p.b_ih).unbind(0)
    outputs = []
    order = range(len(steps) - 1, -1, -1) if reverse else range(len(steps))
    for t in order:
        hidden = step(steps[t], hidden, p)
        outputs.append(_hidden_output(hidden))
    if reverse:
        outputs.reverse()
    return torch.stack(outputs, 0), hidden


def _packed_layer(step, data, batch_sizes, hidden, p, reverse):
    """One direction of one layer over packed data: the batch shrinks as
    sequences end; a finished sequence's hidden state is set aside (forward),
    or a starting one's taken from the initial state (reverse)."""
    igates = F.linear(data, p.w_ih, p.b_ih)
    sizes = batch_sizes
    outputs = []
    if not reverse:
        finished = []
        offset = 0
        last = sizes[0]
        for size in sizes:
            if size < last:
                finished.append(_hidden_slice(hidden, size, last))
                hidden = _hidden_slice(hidden, 0, size)
            last = size
            hidden = step(igates.narrow(0, offset, size), hidden, p)
            offset += size
            outputs.append(_hidden_output(hidden))
        finished.append(hidden)
        finished.reverse()
        return torch.cat(outputs, 0), _hidden_concat(finished)
    initial = hidden
    offset = data.size(0)
    last = sizes[-1]
    hidden = _hidden_slice(initial, 0, last)
    for size in reversed(sizes):
        if size > last:
            hidden = _hidden_concat([hidden, _hidden_slice(initial, last, size)])
        last = size
        hidden = step(igates.narrow(0, offset - size, size), hidden, p)
        offset -= size
        outputs.append(_hidden_output(hidden))
    outputs.reverse()
    return torch.cat(outputs, 0), hidden


def _layer_stack(step, input, batch_sizes, hiddens, groups, num_layers, dropout, train, bidirectional):
    """Every layer in turn, both directions of a bidirectional one
    concatenated on the last dim; returns the output and the final hidden
    state of each layer-direction."""
    num_directions = 2 if bidirectional else 1
    layer_input = input
    finals = []
    for layer in range(num_layers):
        outputs = []
        for direction in range(num_directions):
            k = layer * num_directions + direction
            if batch_sizes is None:
                out, final = _full_layer(step, layer_input, hiddens[k], groups[k], direction == 1)
            else:
                out, final = _packed_layer(step, layer_input, batch_sizes, hiddens[k], groups[k], direction == 1)
            outputs.append(out)
            finals.append(final)
        layer_input = outputs[0] if num_directions == 1 else torch.cat(outputs, -1)
        if dropout != 0 and train and layer < num_layers - 1:
            layer_input = F.dropout(layer_input, dropout, True)
    return layer_input, finals


def _run(step, input, batch_sizes, hiddens, params, has_biases, num_layers, dropout, train, bidirectional,
         batch_first):
    num_directions = 2 if bidirectional else 1
    groups = _group_params(params, has_biases, num_layers, num_directions)
    sizes = None
    if batch_sizes is not None:
        sizes = [int(s) for s in batch_sizes.tolist()]
    elif batch_first:
        input = input.transpose(0, 1)
    if batch_sizes is None and input.size(0) == 0:
        raise RuntimeError('Expected sequence length to be larger than 0 in RNN')
    output, finals = _layer_stack(step, input, sizes, hiddens, groups, num_layers, dropout, train, bidirectional)
    if batch_sizes is None and batch_first:
        output = output.transpose(0, 1)
    return output, finals


def _simple_rnn(step, input, args):
    """rnn_tanh / rnn_relu / gru: (input, hx, params, has_biases, num_layers,
    dropout, train, bidirectional, batch_first), or the packed form (data,
    batch_sizes, hx, params, has_biases, num_layers, dropout, train,
    bidirectional); returns (output, h_n)."""
    if isinstance(args[1], torch.Tensor):
        batch_sizes, hx, params, has_biases, num_layers, dropout, train, bidirectional = args
        batch_first = False
    else:
        batch_sizes = None
        hx = args[0]
        params, has_biases, num_layers, dropout, train, bidirectional, batch_first = args[1:]
    output, finals = _run(step, input, batch_sizes, list(hx.unbind(0)), params, has_biases, num_layers,
                          dropout, train, bidirectional, batch_first)
    return output, torch.stack(finals, 0)


def rnn_tanh(input, *args):
    return _simple_rnn(_tanh_step, input, args)


def rnn_relu(input, *args):
    return _simple_rnn(_relu_step, input, args)


def gru(input, *args):
    return _simple_rnn(_gru_step, input, args)


def lstm(input, *args):
    """(input, (h0, c0), params, has_biases, num_layers, dropout, train,
    bidirectional, batch_first), or the packed form (data, batch_sizes,
    (h0, c0), params, has_biases, num_layers, dropout, train, bidirectional);
    returns (output, h_n, c_n)."""
    if isinstance(args[0], torch.Tensor):
        batch_sizes, hx, params, has_biases, num_layers, dropout, train, bidirectional = args
        batch_first = False
    else:
        batch_sizes = None
        hx = args[0]
        params, has_biases, num_layers, dropout, train, bidirectional, batch_first = args[1:]
    hiddens = list(zip(hx[0].unbind(0), hx[1].unbind(0)))
    output, finals = _run(_lstm_step, input, batch_sizes, hiddens, params, has_biases, num_layers, dropout, train,
                          bidirectional, batch_first)
    return output, torch.stack([f[0] for f in finals], 0), torch.stack([f[1] for f in finals], 0)


# ---- cells as functions (nn.RNNCell, nn.LSTMCell, nn.GRUCell) -----------------------

def _check_cell_input(input, input_size):
    if input.size(1) != input_size:
        raise RuntimeError(f'input has inconsistent input_size: got {input.size(1)} expected {input_size}')


def _check_cell_hidden(input, hx, hidden_size, label):
    if input.size(0) != hx.size(0):
        raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden{label} batch size {hx.size(0)}")
    if hx.size(1) != hidden_size:
        raise RuntimeError(f'hidden{label} has inconsistent hidden_size: got {hx.size(1)}, expected {hidden_size}')


def _cell(step, input, hx, w_ih, w_hh, b_ih, b_hh):
    _check_cell_input(input, w_ih.size(1))
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    p = _LayerParams(w_ih, w_hh, b_ih, b_hh, None)
    return step(F.linear(input, w_ih, b_ih), hx, p)


def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _cell(_tanh_step, input, hx, w_ih, w_hh, b_ih, b_hh)


def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _cell(_relu_step, input, hx, w_ih, w_hh, b_ih, b_hh)


def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _cell(_gru_step, input, hx, w_ih, w_hh, b_ih, b_hh)


def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    if len(hx) != 2:
        raise RuntimeError('lstm_cell expects two hidden states')
    _check_cell_input(input, w_ih.size(1))
    hidden_size = w_hh.size(1)
    _check_cell_hidden(input, hx[0], hidden_size, 0)
    _check_cell_hidden(input, hx[1], hidden_size, 1)
    p = _LayerParams(w_ih, w_hh, b_ih, b_hh, None)
    return _lstm_step(F.linear(input, w_ih, b_ih), (hx[0], hx[1]), p)


# ---- sequence packing (torch.nn.utils.rnn) ------------------------------------------

def _check_long_lengths(tensor):
    """ATen's checkLongTensor, which names its argument 'lengths' also when
    it checks batch_sizes."""
    if tensor.dim() != 1 or tensor.device.type != 'cpu' or tensor.dtype != torch.int64:
        scalar_type = tensor.type()[len('torch.'):-len('Tensor')]
        raise RuntimeError(f"'lengths' argument should be a 1D CPU int64 tensor, but got {tensor.dim()}D "
                           f'{tensor.device} {scalar_type} tensor')


def _pack_padded_sequence(input, lengths, batch_first):
    """(data, batch_sizes) of a padded [T, B, *] ([B, T, *]) batch whose
    lengths decrease: time step t keeps the sequences longer than t."""
    if batch_first:
        input = input.transpose(0, 1)
    _check_long_lengths(lengths)
    batch_size = input.size(1)
    if input.numel() <= 0:
        raise RuntimeError('Cannot pack empty tensors.')
    if lengths.size(0) != batch_size:
        raise RuntimeError(f'Expected `len(lengths)` to be equal to batch_size, but got {lengths.size(0)} '
                           f'(batch_size={batch_size})')
    lens = lengths.tolist()
    if lens[batch_size - 1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           'that is <= 0')
    for i in range(batch_size - 1):
        if lens[i + 1] > lens[i]:
            raise RuntimeError('`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. '
                               'You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence '
                               'to sidestep this requirement if you do not need ONNX exportability.')
    step_shape = [-1] + list(input.shape[2:])
    steps = []
    batch_sizes = []
    prev_len = 0
    # From the shortest sequence up: each rise in length adds the block of
    # time steps that every sequence at least that long shares.
    for i in range(batch_size):
        length = lens[batch_size - 1 - i]
        if length > prev_len:
            current = batch_size - i
            block = input.narrow(0, prev_len, length - prev_len).narrow(1, 0, current)
            steps.append(block.contiguous().view(step_shape))
            batch_sizes += [current] * (length - prev_len)
            prev_len = length
    return torch.cat(steps), torch.tensor(batch_sizes, dtype=torch.int64)


def _pad_packed_sequence(data, batch_sizes, batch_first, padding_value, total_length):
    """(padded, lengths): the [T, B, *] ([B, T, *]) batch that packs into
    (data, batch_sizes), filled with padding_value past each sequence's end."""
    _check_long_lengths(batch_sizes)
    sizes = batch_sizes.tolist()
    max_batch_size = sizes[0]
    max_seq_length = len(sizes)
    if total_length > 0:
        if total_length < max_seq_length:
            raise RuntimeError(f'Expected total_length to be at least the length of the longest sequence in input, '
                               f'but got total_length={total_length} and max sequence length being {max_seq_length}')
        max_seq_length = total_length
    output = torch.full([max_seq_length, max_batch_size] + list(data.shape[1:]), padding_value,
                        dtype=data.dtype, device=data.device)
    offset = 0
    for t, size in enumerate(sizes):
        output.select(0, t).narrow(0, 0, size).copy_(data.narrow(0, offset, size))
        offset += size
    lengths = [sum(1 for size in sizes if size > b) for b in range(max_batch_size)]
    if batch_first:
        output = output.transpose(0, 1)
    return output, torch.tensor(lengths, dtype=torch.int64)


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side='right'):
    """Stacks the sequences ([L_i, *] each) into [T, B, *] ([B, T, *]),
    padding each on padding_side up to the longest."""
    sequences = list(sequences)
    if len(sequences) == 0:
        raise RuntimeError('received an empty list of sequences')
    if padding_side not in ('left', 'right'):
        raise RuntimeError(f'Expected padding_side to be one of left or right, but got {padding_side}.')
    max_len = max(s.size(0) for s in sequences)
    trailing = list(sequences[0].shape[1:])
    dims = [len(sequences), max_len] if batch_first else [max_len, len(sequences)]
    out = torch.full(dims + trailing, padding_value, dtype=sequences[0].dtype, device=sequences[0].device)
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        start = max_len - length if padding_side == 'left' else 0
        if batch_first:
            out.select(0, i).narrow(0, start, length).copy_(seq)
        else:
            out.narrow(0, start, length).select(1, i).copy_(seq)
    return out
