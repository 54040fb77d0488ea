"""torch.nn.functional, after PyTorch's torch/nn/functional.py: the
stateless layer functions the nn modules call. Each checks and normalises
its arguments as PyTorch does (reduction strings, implicit softmax dims,
pool strides, padding modes) and calls the registry op PyTorch calls, by its
aten name: torch.<name> where PyTorch binds one, torch._C._nn.<name> for the
ops PyTorch keeps in that namespace.

Where PyTorch aliases a native (gelu = torch._C._nn.gelu), refc defines a
function that forwards to it, with the native's parameter names: the op is
looked up when called, so a missing op fails that call, not `import torch`.
PyTorch's warnings (deprecated arguments, implicit dims, broadcasting
targets) are not printed.
"""

import torch
import torch._C as _C
import torch.nn._reduction as _Reduction
from torch.nn.modules.utils import _list_with_default, _pair

_nn = _C._nn


# ---- convolution -------------------------------------------------------------------------

def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return torch.conv1d(input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return torch.conv2d(input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return torch.conv3d(input, weight, bias, stride, padding, dilation, groups)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return torch.conv_transpose1d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return torch.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


# ---- pooling -----------------------------------------------------------------------------

# An unset pooling stride means stride=kernel_size, which the ops read from
# an empty list. The max pools return (values, indices) when return_indices is
# set, as PyTorch's boolean_dispatch does.

def _stride_or_default(stride):
    return [] if stride is None else stride


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    return torch.avg_pool1d(input, kernel_size, _stride_or_default(stride), padding, ceil_mode, count_include_pad)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    return _nn.avg_pool2d(input, kernel_size, _stride_or_default(stride), padding, ceil_mode, count_include_pad, divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    return _nn.avg_pool3d(input, kernel_size, _stride_or_default(stride), padding, ceil_mode, count_include_pad, divisor_override)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return torch.max_pool1d_with_indices(input, kernel_size, _stride_or_default(stride), padding, dilation, ceil_mode)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    if return_indices:
        return max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return torch.max_pool1d(input, kernel_size, _stride_or_default(stride), padding, dilation, ceil_mode)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _nn.max_pool2d_with_indices(input, kernel_size, _stride_or_default(stride), padding, dilation, ceil_mode)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    if return_indices:
        return max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return torch.max_pool2d(input, kernel_size, _stride_or_default(stride), padding, dilation, ceil_mode)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _nn.max_pool3d_with_indices(input, kernel_size, _stride_or_default(stride), padding, dilation, ceil_mode)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    if return_indices:
        return max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return torch.max_pool3d(input, kernel_size, _stride_or_default(stride), padding, dilation, ceil_mode)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return torch.adaptive_max_pool1d(input, output_size)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    if return_indices:
        return adaptive_max_pool1d_with_indices(input, output_size)
    return adaptive_max_pool1d_with_indices(input, output_size)[0]


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    output_size = _list_with_default(output_size, input.size())
    return _nn.adaptive_max_pool2d(input, output_size)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    if return_indices:
        return adaptive_max_pool2d_with_indices(input, output_size)
    return adaptive_max_pool2d_with_indices(input, output_size)[0]


def adaptive_avg_pool1d(input, output_size):
    return torch.adaptive_avg_pool1d(input, output_size)


def adaptive_avg_pool2d(input, output_size):
    _output_size = _list_with_default(output_size, input.size())
    return _nn.adaptive_avg_pool2d(input, _output_size)


def adaptive_avg_pool3d(input, output_size):
    _output_size = _list_with_default(output_size, input.size())
    return _nn.adaptive_avg_pool3d(input, _output_size)


# ---- dropout -----------------------------------------------------------------------------

def _check_dropout_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f'dropout probability has to be between 0 and 1, but got {p}')


def dropout(input, p=0.5, training=True, inplace=False):
    _check_dropout_p(p)
    return torch.dropout_(input, p, training) if inplace else torch.dropout(input, p, training)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_dropout_p(p)
    return torch.alpha_dropout_(input, p, training) if inplace else torch.alpha_dropout(input, p, training)


def _feature_dropout(input, p, training, inplace, batched):
    """Channel-wise dropout; an unbatched input gets a batch dim for the op."""
    if not batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = torch.feature_dropout_(input, p, training) if inplace else torch.feature_dropout(input, p, training)
    if not batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def dropout1d(input, p=0.5, training=True, inplace=False):
    _check_dropout_p(p)
    inp_dim = input.dim()
    if inp_dim not in (2, 3):
        raise RuntimeError(f'dropout1d: Expected 2D or 3D input, but received a {inp_dim}D input. Note that dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).')
    return _feature_dropout(input, p, training, inplace, inp_dim == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    _check_dropout_p(p)
    return torch.feature_dropout_(input, p, training) if inplace else torch.feature_dropout(input, p, training)


def dropout3d(input, p=0.5, training=True, inplace=False):
    _check_dropout_p(p)
    return _feature_dropout(input, p, training, inplace, input.dim() == 5)


# ---- activations -------------------------------------------------------------------------

def threshold(input, threshold, value, inplace=False):
    if inplace:
        return torch.threshold_(input, threshold, value)
    return torch.threshold(input, threshold, value)


def relu(input, inplace=False):
    if inplace:
        return torch.relu_(input)
    return torch.relu(input)


def relu_(input):
    return torch.relu_(input)


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError('glu does not support scalars because halving size must be even')
    return _nn.glu(input, dim)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError('min_val cannot be greater than max_val')
    if inplace:
        return _nn.hardtanh_(input, min_val, max_val)
    return _nn.hardtanh(input, min_val, max_val)


def relu6(input, inplace=False):
    if inplace:
        return _nn.relu6_(input)
    return _nn.relu6(input)


def elu(input, alpha=1.0, inplace=False):
    if inplace:
        return _nn.elu_(input, alpha)
    return _nn.elu(input, alpha)


def selu(input, inplace=False):
    if inplace:
        return torch.selu_(input)
    return torch.selu(input)


def celu(input, alpha=1.0, inplace=False):
    if inplace:
        return torch.celu_(input, alpha)
    return torch.celu(input, alpha)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    if inplace:
        return _nn.leaky_relu_(input, negative_slope)
    return _nn.leaky_relu(input, negative_slope)


def prelu(input, weight):
    return torch.prelu(input, weight)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if inplace:
        return torch.rrelu_(input, lower, upper, training)
    return torch.rrelu(input, lower, upper, training)


def logsigmoid(input):
    return _nn.log_sigmoid(input)


def gelu(input, approximate='none'):
    return _nn.gelu(input, approximate=approximate)


def hardshrink(input, lambd=0.5):
    return torch.hardshrink(input, lambd)


def tanhshrink(input):
    return input - input.tanh()


def softsign(input):
    return input / (input.abs() + 1)


def softplus(input, beta=1, threshold=20):
    return _nn.softplus(input, beta, threshold)


def softshrink(input, lambd=0.5):
    return _nn.softshrink(input, lambd)


def _get_softmax_dim(name, ndim, stacklevel):
    """The dim PyTorch picks when softmax is called without one (it also
    warns that the implicit choice is deprecated)."""
    if ndim == 0 or ndim == 1 or ndim == 3:
        ret = 0
    else:
        ret = 1
    return ret


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmin', input.dim(), _stacklevel)
    if dtype is None:
        return (-input).softmax(dim)
    return (-input).softmax(dim, dtype=dtype)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmax', input.dim(), _stacklevel)
    if dtype is None:
        return input.softmax(dim)
    return input.softmax(dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('log_softmax', input.dim(), _stacklevel)
    if dtype is None:
        return input.log_softmax(dim)
    return input.log_softmax(dim, dtype=dtype)


def tanh(input):
    return input.tanh()


def sigmoid(input):
    return input.sigmoid()


def hardsigmoid(input, inplace=False):
    if inplace:
        return _nn.hardsigmoid_(input)
    return _nn.hardsigmoid(input)


def silu(input, inplace=False):
    if inplace:
        return _nn.silu_(input)
    return _nn.silu(input)


def mish(input, inplace=False):
    if inplace:
        return _nn.mish_(input)
    return _nn.mish(input)


def hardswish(input, inplace=False):
    if inplace:
        return _nn.hardswish_(input)
    return _nn.hardswish(input)


# ---- linear and embedding ----------------------------------------------------------------

def linear(input, weight, bias=None):
    return _nn.linear(input, weight, bias)


def bilinear(input1, input2, weight, bias=None):
    return torch.bilinear(input1, input2, weight, bias)


def _no_grad_embedding_renorm_(weight, input, max_norm, norm_type):
    torch.embedding_renorm_(weight.detach(), input, max_norm, norm_type)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    if padding_idx is not None:
        if padding_idx > 0:
            if padding_idx >= weight.size(0):
                raise AssertionError('Padding_idx must be within num_embeddings')
        elif padding_idx < 0:
            if padding_idx < -weight.size(0):
                raise AssertionError('Padding_idx must be within num_embeddings')
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        input = input.contiguous()
        _no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean',
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    if weight.dtype == torch.long and input.is_floating_point():
        weight, input = (input, weight)
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(f'embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, then it must have the same shape as the input ({input.shape})')
    if not weight.dim() == 2:
        raise ValueError(f'weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}')
    if input.dim() == 2:
        # A 2-D input is a batch of equal-length bags.
        if offsets is not None:
            raise ValueError(f'if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type {str(type(offsets))}')
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        include_last_offset = False
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError('offsets has to be a 1D Tensor but got None')
        if offsets.dim() != 1:
            raise ValueError('offsets has to be a 1D Tensor')
    else:
        raise ValueError(f'input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}')
    if mode == 'sum':
        mode_enum = 0
    elif mode == 'mean':
        mode_enum = 1
    elif mode == 'max':
        mode_enum = 2
        if scale_grad_by_freq:
            raise ValueError('max mode does not support scaling the gradient by the frequency')
        if sparse:
            raise ValueError('max mode does not support sparse weights')
    else:
        raise ValueError('mode has to be one of sum, mean or max')
    if max_norm is not None:
        _no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != 'sum':
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='{mode}'). Please open a feature request on GitHub.")
    ret, _, _, _ = torch.embedding_bag(weight, input, offsets, scale_grad_by_freq, mode_enum, sparse, per_sample_weights, include_last_offset, padding_idx)
    return ret


def one_hot(tensor, num_classes=-1):
    return _nn.one_hot(tensor, num_classes)


# ---- normalization -----------------------------------------------------------------------

def _verify_batch_size(size):
    size_prods = size[0]
    for i in range(len(size) - 2):
        size_prods *= size[i + 2]
    if size_prods == 1:
        raise ValueError(f'Expected more than 1 value per channel when training, got input size {size}')


def _verify_spatial_size(size):
    size_prods = 1
    for i in range(2, len(size)):
        size_prods *= size[i]
    if size_prods == 1:
        raise ValueError(f'Expected more than 1 spatial element when training, got input size {size}')


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    if training:
        _verify_batch_size(input.size())
    if training and eps <= 0.0:
        raise ValueError(f'batch_norm eps must be positive during training, but got {eps}')
    elif eps < 0.0:
        raise ValueError(f'batch_norm eps must be non-negative, but got {eps}')
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, torch.backends.cudnn.enabled)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True, momentum=0.1, eps=1e-05):
    if use_input_stats:
        _verify_spatial_size(input.size())
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, torch.backends.cudnn.enabled)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    return torch.layer_norm(input, normalized_shape, weight, bias, eps, torch.backends.cudnn.enabled)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    return torch.rms_norm(input, normalized_shape, weight, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    if input.dim() < 2:
        raise RuntimeError(f'Expected at least 2 dimensions for input tensor but received {input.dim()}')
    _verify_batch_size([input.size(0) * input.size(1) // num_groups, num_groups] + list(input.size()[2:]))
    return torch.group_norm(input, num_groups, weight, bias, eps, torch.backends.cudnn.enabled)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    if out is None:
        denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
        return input / denom
    denom = input.norm(p, dim, keepdim=True).clamp_min_(eps).expand_as(input)
    return torch.div(input, denom, out=out)


# ---- losses ------------------------------------------------------------------------------

def _reduction_of(size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        return _Reduction.legacy_get_string(size_average, reduce)
    return reduction


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.nll_loss_nd(input, target, weight, _Reduction.get_enum(reduction), ignore_index)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index, label_smoothing)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    reduction_enum = _Reduction.get_enum(_reduction_of(size_average, reduce, reduction))
    if target.size() != input.size():
        raise ValueError(f'Using a target size ({target.size()}) that is different to the input size ({input.size()}) is deprecated. Please ensure they have the same size.')
    if weight is not None:
        new_size = torch.broadcast_shapes(target.size(), weight.size())
        weight = weight.expand(new_size)
    return _nn.binary_cross_entropy(input, target, weight, reduction_enum)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None):
    reduction_enum = _Reduction.get_enum(_reduction_of(size_average, reduce, reduction))
    if not target.size() == input.size():
        raise ValueError(f'Target size ({target.size()}) must be the same as input size ({input.size()})')
    return torch.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction_enum)


def kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    elif reduction == 'batchmean':
        reduction_enum = _Reduction.get_enum('sum')
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    reduced = torch.kl_div(input, target, reduction_enum, log_target=log_target)
    if reduction == 'batchmean' and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced


def _weighted_reduce(errors, weight, input, reduction, mean_divisor):
    """The weighted form of mse_loss / l1_loss: PyTorch computes it in
    Python, dividing the weighted sum by the weights' sum for 'mean'."""
    if weight.size() != input.size():
        raise ValueError('Weights and input must have the same size.')
    weighted = errors * weight
    if reduction == 'none':
        return weighted
    elif reduction == 'sum':
        return torch.sum(weighted)
    elif reduction == 'mean':
        return mean_divisor(weighted)
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0):
    reduction = _reduction_of(size_average, reduce, reduction)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if beta == 0.0:
        return _nn.l1_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction))
    return _nn.smooth_l1_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction), beta)


def huber_loss(input, target, reduction='mean', delta=1.0, weight=None):
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if weight is None:
        return _nn.huber_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction), delta)
    unweighted_loss = _nn.huber_loss(expanded_input, expanded_target, _Reduction.get_enum('none'), delta)
    return _weighted_reduce(unweighted_loss, weight, input, reduction, lambda w: w.mean())


def l1_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None):
    reduction = _reduction_of(size_average, reduce, reduction)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if weight is not None:
        absolute_errors = torch.abs(expanded_input - expanded_target)
        return _weighted_reduce(absolute_errors, weight, input, reduction, lambda w: torch.sum(w) / torch.sum(weight))
    return _nn.l1_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction))


def mse_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None):
    reduction = _reduction_of(size_average, reduce, reduction)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if weight is not None:
        squared_errors = torch.pow(expanded_input - expanded_target, 2)
        return _weighted_reduce(squared_errors, weight, input, reduction, lambda w: torch.sum(w) / torch.sum(weight))
    return _nn.mse_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction))


# ---- distances, padding, attention -------------------------------------------------------

def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    return torch.pairwise_distance(x1, x2, p, eps, keepdim)


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    return torch.cosine_similarity(x1, x2, dim, eps)


def pixel_shuffle(input, upscale_factor):
    return torch.pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input, downscale_factor):
    return torch.pixel_unshuffle(input, downscale_factor)


def pad(input, pad, mode='constant', value=None):
    return _nn.pad(input, pad, mode, value)


def _is_integer(x):
    if isinstance(x, int):
        return True
    return isinstance(x, torch.Tensor) and not x.is_floating_point()


# The upsampling op for (input dims, mode); the linear modes also take align_corners.
_INTERPOLATE_OPS = {
    (3, 'nearest'): 'upsample_nearest1d', (4, 'nearest'): 'upsample_nearest2d', (5, 'nearest'): 'upsample_nearest3d',
    (3, 'nearest-exact'): '_upsample_nearest_exact1d', (4, 'nearest-exact'): '_upsample_nearest_exact2d',
    (5, 'nearest-exact'): '_upsample_nearest_exact3d',
}
_INTERPOLATE_LINEAR_OPS = {
    (3, 'linear'): 'upsample_linear1d', (4, 'bilinear'): 'upsample_bilinear2d', (5, 'trilinear'): 'upsample_trilinear3d',
    (4, 'bicubic'): 'upsample_bicubic2d',
}
# The mode mismatches PyTorch names ("Got 3D input, but bilinear mode needs 4D input").
_INTERPOLATE_MODE_DIMS = {'linear': 3, 'bilinear': 4, 'trilinear': 5}


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None,
                antialias=False):
    if mode in ('nearest', 'area', 'nearest-exact'):
        if align_corners is not None:
            raise ValueError('align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear')
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError('only one of size or scale_factor should be defined')
    elif size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(f'Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of {list(input.shape[2:])} and output size of {size}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.')
            if not all(_is_integer(x) for x in size):
                raise TypeError(f'expected size to be one of int or Tuple[int] or Tuple[int, int] or Tuple[int, int, int], but got size with types {[type(x) for x in size]}')
            output_size = size
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError(f'Input and scale_factor must have the same number of spatial dimensions, but got input with spatial dimensions of {list(input.shape[2:])} and scale_factor of shape {scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.')
            scale_factors = scale_factor
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError('either size or scale_factor should be defined')
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError('recompute_scale_factor is not meaningful with an explicit size.')
    if mode == 'area' and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor is not None and recompute_scale_factor:
        output_size = [int(input.size(i + 2) * scale_factors[i]) for i in range(dim)]
        scale_factors = None
    if antialias and not (mode in ('bilinear', 'bicubic', 'lanczos') and input.ndim == 4):
        raise ValueError('Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a 4-D tensor as input')
    key = (input.dim(), mode)
    if key in _INTERPOLATE_OPS:
        return getattr(_nn, _INTERPOLATE_OPS[key])(input, output_size, scale_factors)
    if mode == 'area' and input.dim() in (3, 4, 5):
        return (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d)[input.dim() - 3](input, output_size)
    if key in _INTERPOLATE_LINEAR_OPS:
        name = _INTERPOLATE_LINEAR_OPS[key]
        if antialias:
            name = '_' + name + '_aa'
        return getattr(_nn, name)(input, output_size, align_corners, scale_factors)
    if input.dim() in (3, 4, 5) and mode in _INTERPOLATE_MODE_DIMS:
        raise NotImplementedError(f'Got {input.dim()}D input, but {mode} mode needs {_INTERPOLATE_MODE_DIMS[mode]}D input')
    raise NotImplementedError(f'Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact (got {mode})')


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    return _nn.im2col(input, _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    return _nn.col2im(input, _pair(output_size), _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0):
    dim = input.dim()
    if dim < 3:
        raise ValueError(f'Expected 3D or higher dimensionality                          input (got {dim} dimensions)')
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = div.unsqueeze(1)
        div = pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False):
    return _nn.scaled_dot_product_attention(query, key, value, attn_mask, dropout_p, is_causal, scale=scale, enable_gqa=enable_gqa)
