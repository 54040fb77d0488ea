"""torch.optim.Optimizer, the base of every optimizer, after PyTorch's
torch/optim/optimizer.py: param_groups built from an iterable of tensors,
(name, tensor) pairs or dicts; defaults filled into each group; per-parameter
state; zero_grad; step pre/post hooks; state_dict / load_state_dict with
parameters packed as indices.

Only the single-tensor (foreach=False) update paths exist: they are the ones
PyTorch takes on CPU, so results match it bit for bit. Warnings are not
printed and graph-capture checks are left out. The structure around step()
(the record_function block, the graph breaks of _use_grad, zero_grad opting
out of compilation) is PyTorch's, so torch.compile sees the same frames.
"""

from collections import OrderedDict, defaultdict
from copy import deepcopy
from itertools import chain
import functools
import torch
from torch.utils import _zero_grads
from torch.utils.hooks import RemovableHandle

__all__ = ['Optimizer', 'register_optimizer_step_pre_hook', 'register_optimizer_step_post_hook']

_global_optimizer_pre_hooks = OrderedDict()
_global_optimizer_post_hooks = OrderedDict()


class _RequiredParameter:
    """Singleton class representing a required parameter for an Optimizer."""

    def __repr__(self):
        return '<required parameter>'


required = _RequiredParameter()


def _use_grad_for_differentiable(func):
    """Runs step() with grad mode set to the optimizer's `differentiable`
    default (off unless asked for), restoring the caller's mode afterwards."""

    def _use_grad(*args, **kwargs):
        import torch._dynamo
        self = args[0]
        prev_grad = torch.is_grad_enabled()
        try:
            # As in PyTorch: the graph breaks around step() so that a compiled
            # step runs under the grad mode set here.
            torch.set_grad_enabled(self.defaults['differentiable'])
            torch._dynamo.graph_break()
            ret = func(*args, **kwargs)
        finally:
            torch._dynamo.graph_break()
            torch.set_grad_enabled(prev_grad)
        return ret
    functools.update_wrapper(_use_grad, func)
    return _use_grad


def _get_value(x):
    # As in PyTorch: a compiled step keeps the step count a tensor.
    if torch.compiler.is_compiling():
        return x
    return x.item() if isinstance(x, torch.Tensor) else x


def _get_scalar_dtype(is_fused=None):
    if is_fused:
        return torch.float32
    return torch.float64 if torch.get_default_dtype() == torch.float64 else torch.float32


def _to_scalar(x):
    """A 1-element tensor hyper-parameter (lr=torch.tensor([0.1])) as a 0-d tensor."""
    if isinstance(x, torch.Tensor) and x.dim() != 0:
        return x.squeeze()
    return x


def _setdefault_in_groups(optimizer, defaults):
    """An optimizer's __setstate__: the options a saved state may predate get
    their defaults, in the order given."""
    for group in optimizer.param_groups:
        for name, default in defaults.items():
            group.setdefault(name, default)


def register_optimizer_step_pre_hook(hook):
    handle = RemovableHandle(_global_optimizer_pre_hooks)
    _global_optimizer_pre_hooks[handle.id] = hook
    return handle


def register_optimizer_step_post_hook(hook):
    handle = RemovableHandle(_global_optimizer_post_hooks)
    _global_optimizer_post_hooks[handle.id] = hook
    return handle


def _hooked_step(func):
    """Wraps a subclass's step() so that the global and per-optimizer step
    hooks run around it (PyTorch's Optimizer.profile_hook_step)."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        self = args[0]
        profile_name = f'Optimizer.step#{self.__class__.__name__}.step'
        with torch.autograd.profiler.record_function(profile_name):
            for pre_hook in chain(_global_optimizer_pre_hooks.values(), self._optimizer_step_pre_hooks.values()):
                result = pre_hook(self, args, kwargs)
                if result is not None:
                    if isinstance(result, tuple) and len(result) == 2:
                        args, kwargs = result
                    else:
                        raise RuntimeError(f'{func} must return None or a tuple of (new_args, new_kwargs), but got {result}.')
            out = func(*args, **kwargs)
            for post_hook in chain(self._optimizer_step_post_hooks.values(), _global_optimizer_post_hooks.values()):
                post_hook(self, args, kwargs)
            return out
    wrapper.hooked = True
    return wrapper


class Optimizer:
    """Base class for all optimizers."""

    def __init__(self, params, defaults):
        self.defaults = defaults
        self._optimizer_step_pre_hooks = OrderedDict()
        self._optimizer_step_post_hooks = OrderedDict()
        self._patch_step_function()
        if isinstance(params, torch.Tensor):
            raise TypeError('params argument given to the optimizer should be an iterable of Tensors or dicts, but got ' + torch.typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __getstate__(self):
        return {'defaults': self.defaults, 'state': self.state, 'param_groups': self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)
        if '_optimizer_step_pre_hooks' not in self.__dict__:
            self._optimizer_step_pre_hooks = OrderedDict()
        if '_optimizer_step_post_hooks' not in self.__dict__:
            self._optimizer_step_post_hooks = OrderedDict()
        self._patch_step_function()
        self.defaults.setdefault('differentiable', False)

    def __repr__(self):
        format_string = self.__class__.__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\n'
            format_string += f'Parameter Group {i}\n'
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += f'    {key}: {group[key]}\n'
        format_string += ')'
        return format_string

    def _patch_step_function(self):
        if not getattr(self.__class__.step, 'hooked', False):
            self.__class__.step = _hooked_step(self.__class__.step)

    def register_step_pre_hook(self, hook):
        handle = RemovableHandle(self._optimizer_step_pre_hooks)
        self._optimizer_step_pre_hooks[handle.id] = hook
        return handle

    def register_step_post_hook(self, hook):
        handle = RemovableHandle(self._optimizer_step_post_hooks)
        self._optimizer_step_post_hooks[handle.id] = hook
        return handle

    def state_dict(self):
        param_mappings = {}
        start_index = 0

        def pack_group(group):
            nonlocal start_index
            packed = {k: v for k, v in group.items() if k != 'params'}
            param_mappings.update({id(p): i for i, p in enumerate(group['params'], start_index) if id(p) not in param_mappings})
            packed['params'] = [param_mappings[id(p)] for p in group['params']]
            start_index += len(packed['params'])
            return packed

        param_groups = [pack_group(g) for g in self.param_groups]
        packed_state = {param_mappings[id(k)] if isinstance(k, torch.Tensor) else k: v for k, v in self.state.items()}
        return {'state': packed_state, 'param_groups': param_groups}

    @staticmethod
    def _process_value_according_to_param_policy(param, value, param_id, param_groups, key=None):
        fused = False
        capturable = False
        for pg in param_groups:
            if param_id in pg['params']:
                fused = pg.get('fused', False)
                capturable = pg.get('capturable', False)
                break
        if key == 'step':
            if capturable or fused:
                return value.to(dtype=torch.float32, device=param.device)
            return value
        elif param.is_floating_point():
            return value.to(dtype=param.dtype, device=param.device)
        return value.to(device=param.device)

    def load_state_dict(self, state_dict):
        state_dict = state_dict.copy()
        groups = self.param_groups
        saved_groups = deepcopy(state_dict['param_groups'])
        if len(groups) != len(saved_groups):
            raise ValueError('loaded state dict has a different number of parameter groups')
        param_lens = (len(g['params']) for g in groups)
        saved_lens = (len(g['params']) for g in saved_groups)
        if any(p_len != s_len for p_len, s_len in zip(param_lens, saved_lens)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size of optimizer's group")
        id_map = dict(zip(chain.from_iterable(g['params'] for g in saved_groups), chain.from_iterable(g['params'] for g in groups)))

        def _cast(param, value, param_id, param_groups, key=None):
            if isinstance(value, torch.Tensor):
                return Optimizer._process_value_according_to_param_policy(param, value, param_id, param_groups, key)
            elif isinstance(value, dict):
                return {k: _cast(param, v, param_id=param_id, param_groups=param_groups, key=k) for k, v in value.items()}
            elif isinstance(value, (list, tuple)):
                return type(value)(_cast(param, v, param_id=param_id, param_groups=param_groups) for v in value)
            return value

        state = defaultdict(dict)
        for k, v in state_dict['state'].items():
            if k in id_map:
                param = id_map[k]
                state[param] = _cast(param, v, param_id=k, param_groups=state_dict['param_groups'])
            else:
                state[k] = v
        del _cast  # break the _cast -> cell -> _cast cycle: refc frees by reference count alone

        def update_group(group, new_group):
            new_group['params'] = group['params']
            if 'param_names' in group and 'param_names' not in new_group:
                new_group['param_names'] = group['param_names']
            return new_group

        param_groups = [update_group(g, ng) for g, ng in zip(groups, saved_groups)]
        self.__setstate__({'state': state, 'param_groups': param_groups})

    @torch._disable_dynamo
    def zero_grad(self, set_to_none=True):
        _zero_grads([p for group in self.param_groups for p in group['params']], set_to_none)

    def step(self, closure=None):
        raise NotImplementedError

    def add_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError(f'param_group must be a dict, but got {type(param_group)}')
        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        elif isinstance(params, set):
            raise TypeError('optimizer parameters need to be organized in ordered collections, but the ordering of tensors in sets will change between runs. Please use a list instead.')
        else:
            param_group['params'] = list(params)
        extracted_param_tensors = []
        extracted_param_names = []
        for param in param_group['params']:
            if isinstance(param, tuple):
                extracted_param_names.append(param[0])
                extracted_param_tensors.append(param[1])
            else:
                extracted_param_tensors.append(param)
        param_group['params'] = extracted_param_tensors
        if len(extracted_param_names) != 0:
            if len(extracted_param_names) == len(extracted_param_tensors):
                param_group['param_names'] = extracted_param_names
            else:
                raise ValueError('all optimizer params should be with/without names. Some param names are missing')
        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError('optimizer can only optimize Tensors, but one of the params is ' + torch.typename(param))
            if not self.defaults.get('differentiable', None) and not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(f"parameter group didn't specify a value of required optimization parameter {name}")
            else:
                param_group.setdefault(name, default)
        param_set = set()
        for group in self.param_groups:
            param_set.update(set(group['params']))
            if ('param_names' in param_group) != ('param_names' in group):
                current_group_txt = 'with names' if 'param_names' in param_group else 'without names'
                raise ValueError(f'all optimizer param groups should be with/without names. cannot add param group {current_group_txt} to the optimizer')
        if not param_set.isdisjoint(set(param_group['params'])):
            raise ValueError('some parameters appear in more than one parameter group')
        self.param_groups.append(param_group)
