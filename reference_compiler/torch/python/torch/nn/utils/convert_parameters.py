"""parameters_to_vector and vector_to_parameters, after
torch/nn/utils/convert_parameters.py."""

import torch

__all__ = ['parameters_to_vector', 'vector_to_parameters']


def parameters_to_vector(parameters):
    """Flattens and concatenates the parameters into one vector."""
    return torch.cat([param.view(-1) for param in parameters])


def vector_to_parameters(vec, parameters):
    """Copies slices of `vec` into the parameters' data, in order."""
    if not isinstance(vec, torch.Tensor):
        raise TypeError(f'expected torch.Tensor, but got: {torch.typename(vec)}')
    pointer = 0
    for param in parameters:
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param
