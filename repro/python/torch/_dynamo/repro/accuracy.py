"""The accuracy check of a repro: whether a compiled graph is worse than
eager against a float64 reference (torch._dynamo.utils.same decides), on
copies of the inputs so that neither run sees the other's in-place updates."""

import logging

import torch
from torch._dynamo import config
from torch._dynamo.utils import same

log = logging.getLogger("torch._dynamo.repro.after_dynamo")


def clone_inputs(inputs):
    """Detached copies of the tensor inputs (leaves keep requires_grad)."""
    out = []
    for x in inputs:
        if isinstance(x, torch.Tensor):
            c = x.detach().clone()
            out.append(c.requires_grad_(x.requires_grad) if x.is_leaf else c)
        else:
            out.append(x)
    return out


def to_fp64(inputs):
    """The inputs with floating-point tensors as float64 (the reference run)."""
    return [x.detach().to(torch.float64) if isinstance(x, torch.Tensor) and x.is_floating_point() else x
            for x in inputs]


def accuracy_fails(eager_mod, compiled, inputs, tolerance):
    """Whether compiled(*inputs) is worse than eager's against a float64 reference."""
    ref = eager_mod(*clone_inputs(inputs))
    fp64_ref = None
    if config.same_two_models_use_fp64:
        try:
            fp64_ref = eager_mod(*to_fp64(inputs))
        except Exception:
            log.warning("Could not generate fp64 outputs")
    try:
        res = compiled(*clone_inputs(inputs))
    except Exception:
        log.exception("While minifying the program in accuracy minification mode, ran into a runtime exception "
                      "which is likely an unrelated issue. Skipping this graph.")
        return False
    return not same(ref, res, fp64_ref, tol=tolerance, equal_nan=True, ignore_non_fp=config.repro_ignore_non_fp)
