"""torch.nn.Module, the base class of every layer, after PyTorch's
torch/nn/modules/module.py: attribute routing of Parameters, buffers and
submodules into _parameters / _buffers / _modules, the traversals
(parameters, named_modules, ...), state_dict / load_state_dict, train/eval,
dtype conversion, forward hooks and the nested repr.

Left out: backward hooks (PyTorch builds them from autograd Functions,
which refc lacks), the global (all-module) hooks, state-dict hooks, extra
state, tracing and the swap-tensors conversion path. A state_dict carries no
`_metadata` (refc's OrderedDict takes no attributes), so loading always
behaves as for a plain dict of tensors (BatchNorm then fills in a missing
num_batches_tracked, as PyTorch does for version-less state dicts).
"""

from collections import OrderedDict, namedtuple
import itertools
import torch
from torch.nn.parameter import Parameter
from torch.utils import _zero_grads
from torch.utils.hooks import RemovableHandle

__all__ = ['Module']


def _attribute_of(module, name):
    """get_submodule's, get_parameter's and get_buffer's step down one dotted
    name, with PyTorch's error when the module lacks it."""
    if not hasattr(module, name):
        raise AttributeError(module._get_name() + ' has no attribute `' + name + '`')
    return getattr(module, name)


_IncompatibleKeys = namedtuple('_IncompatibleKeys', ['missing_keys', 'unexpected_keys'])
_namedtuple_repr = _IncompatibleKeys.__repr__


def _incompatible_keys_repr(self):
    if not self.missing_keys and not self.unexpected_keys:
        return '<All keys matched successfully>'
    return _namedtuple_repr(self)


# refc classes cannot derive from a namedtuple, so the repr is patched in.
_IncompatibleKeys.__repr__ = _incompatible_keys_repr
_IncompatibleKeys.__str__ = _incompatible_keys_repr


def _addindent(s_, numSpaces):
    s = s_.split('\n')
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [numSpaces * ' ' + line if line.strip() else '' for line in s]
    s = '\n'.join(s)
    s = first + '\n' + s
    return s


def _check_new_name(module, name, kind, registry):
    """register_buffer's and register_parameter's checks of `name`, in
    PyTorch's order and words; `registry` is the dict attribute it goes in."""
    if registry not in module.__dict__:
        raise AttributeError(f'cannot assign {kind} before Module.__init__() call')
    elif not isinstance(name, str):
        raise TypeError(f'{kind} name should be a string. Got {torch.typename(name)}')
    elif '.' in name:
        raise KeyError(f'{kind} name can\'t contain "."')
    elif name == '':
        raise KeyError(f'{kind} name can\'t be empty string ""')
    elif hasattr(module, name) and name not in module.__dict__[registry]:
        raise KeyError(f"attribute '{name}' already exists")


def _forward_unimplemented(self, *input):
    raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')


def _parse_to(*args, **kwargs):
    """Splits Module.to's arguments into (device, dtype, non_blocking,
    memory_format) as torch._C._nn._parse_to does."""
    device = None
    dtype = None
    non_blocking = None
    memory_format = None
    for arg in args:
        if isinstance(arg, torch.dtype):
            dtype = arg
        elif isinstance(arg, torch.Tensor):
            device = arg.device
            dtype = arg.dtype
        elif isinstance(arg, bool):
            # The first flag is non_blocking, a second one `copy`.
            if non_blocking is None:
                non_blocking = arg
        else:
            device = torch.device(arg)
    non_blocking = bool(non_blocking)
    for key, value in kwargs.items():
        if key == 'device':
            device = None if value is None else torch.device(value)
        elif key == 'dtype':
            dtype = value
        elif key == 'non_blocking':
            non_blocking = value
        elif key == 'memory_format':
            memory_format = value
        elif key != 'copy':
            raise TypeError(f"to() got an unexpected keyword argument '{key}'")
    return device, dtype, non_blocking, memory_format


class Module:
    """Base class for all neural network modules."""

    dump_patches = False
    _version = 1
    call_super_init = False
    _compiled_call_impl = None

    def __init__(self, *args, **kwargs):
        if self.call_super_init is False and bool(kwargs):
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'")
        if self.call_super_init is False and bool(args):
            raise TypeError(f'{type(self).__name__}.__init__() takes 1 positional argument but {len(args) + 1} were given')
        # object.__setattr__ directly: Module.__setattr__ would look for
        # _parameters before it exists.
        super().__setattr__('training', True)
        super().__setattr__('_parameters', {})
        super().__setattr__('_buffers', {})
        super().__setattr__('_non_persistent_buffers_set', set())
        super().__setattr__('_forward_hooks', OrderedDict())
        super().__setattr__('_forward_hooks_with_kwargs', OrderedDict())
        super().__setattr__('_forward_hooks_always_called', OrderedDict())
        super().__setattr__('_forward_pre_hooks', OrderedDict())
        super().__setattr__('_forward_pre_hooks_with_kwargs', OrderedDict())
        super().__setattr__('_modules', {})

    forward = _forward_unimplemented

    def __getstate__(self):
        """The state torch.save pickles: the __dict__ with the attributes
        PyTorch 2.14's Module has and refc's lacks (backward and state-dict
        hooks, all empty) in 2.14's order, so that a saved module loads
        under PyTorch."""
        state = {}
        for name, value in self.__dict__.items():
            if name == '_forward_hooks':
                state['_backward_pre_hooks'] = OrderedDict()
                state['_backward_hooks'] = OrderedDict()
                state['_is_full_backward_hook'] = None
            elif name == '_modules':
                for hooks in ('_state_dict_hooks', '_state_dict_pre_hooks', '_load_state_dict_pre_hooks',
                              '_load_state_dict_post_hooks'):
                    state[hooks] = OrderedDict()
            state[name] = value
        return state

    # ---- registration ----------------------------------------------------------------

    def register_buffer(self, name, tensor, persistent=True):
        _check_new_name(self, name, 'buffer', '_buffers')
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError(f"cannot assign '{torch.typename(tensor)}' object to buffer '{name}' (torch Tensor or None required)")
        else:
            self._buffers[name] = tensor
            if persistent:
                self._non_persistent_buffers_set.discard(name)
            else:
                self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        _check_new_name(self, name, 'parameter', '_parameters')
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{torch.typename(param)}' object to parameter '{name}' (torch.nn.Parameter or None required)")
        elif param.grad_fn:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be created explicitly. To express '{name}' as a function of another Tensor, compute the value in the forward() method.")
        else:
            self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f'{torch.typename(module)} is not a Module subclass')
        elif not isinstance(name, str):
            raise TypeError(f'module name should be a string. Got {torch.typename(name)}')
        elif hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        elif '.' in name:
            raise KeyError(f"""module name can't contain ".", got: {name}""")
        elif name == '':
            raise KeyError('module name can\'t be empty string ""')
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        if target == '':
            return self
        mod = self
        for item in target.split('.'):
            mod = _attribute_of(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError('`' + item + '` is not an nn.Module')
        return mod

    def set_submodule(self, target, module, strict=False):
        if target == '':
            raise ValueError('Cannot set the submodule without a target name!')
        atoms = target.split('.')
        if not isinstance(module, Module):
            raise ValueError('`' + 'module' + f'` is not an nn.Module, found {type(module)}')
        if len(atoms) == 1:
            parent = self
        else:
            parent = self.get_submodule('.'.join(atoms[:-1]))
        if strict and not hasattr(parent, atoms[-1]):
            raise AttributeError(parent._get_name() + ' has no attribute `' + atoms[-1] + '`')
        if hasattr(parent, atoms[-1]):
            mod = getattr(parent, atoms[-1])
            if not isinstance(mod, Module):
                raise AttributeError('`' + atoms[-1] + '` is not an nn.Module')
        setattr(parent, atoms[-1], module)

    def get_parameter(self, target):
        module_path, _, param_name = target.rpartition('.')
        param = _attribute_of(self.get_submodule(module_path), param_name)
        if not isinstance(param, Parameter):
            raise AttributeError('`' + param_name + '` is not an nn.Parameter')
        return param

    def get_buffer(self, target):
        module_path, _, buffer_name = target.rpartition('.')
        mod = self.get_submodule(module_path)
        buffer = _attribute_of(mod, buffer_name)
        if buffer_name not in mod._buffers:
            raise AttributeError('`' + buffer_name + '` is not a buffer')
        return buffer

    # ---- conversion ------------------------------------------------------------------

    def _apply(self, fn, recurse=True):
        if recurse:
            for module in self.children():
                module._apply(fn)
        for param in self._parameters.values():
            if param is None:
                continue
            with torch.no_grad():
                param_applied = fn(param)
            param_grad = param.grad
            # Parameters keep their identity: the optimizer may hold them.
            param.data = param_applied
            if param_grad is not None:
                with torch.no_grad():
                    grad_applied = fn(param_grad)
                param.grad.data = grad_applied
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = fn(buf)
        return self

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def cuda(self, device=None):
        return self._apply(lambda t: t.cuda(device))

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self):
        return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

    def to(self, *args, **kwargs):
        device, dtype, non_blocking, convert_to_format = _parse_to(*args, **kwargs)
        if dtype is not None and not dtype.is_floating_point:
            raise TypeError(f'nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={dtype}')

        def convert(t):
            t_dtype = dtype if t.is_floating_point() else None
            if convert_to_format is not None and t.dim() in (4, 5):
                return t.to(device=device, dtype=t_dtype, non_blocking=non_blocking, memory_format=convert_to_format)
            return t.to(device=device, dtype=t_dtype, non_blocking=non_blocking)
        return self._apply(convert)

    # ---- hooks and calling -----------------------------------------------------------

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        handle = RemovableHandle(self._forward_pre_hooks, extra_dict=self._forward_pre_hooks_with_kwargs)
        self._forward_pre_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs[handle.id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(handle.id, last=False)
        return handle

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        handle = RemovableHandle(self._forward_hooks, extra_dict=[self._forward_hooks_with_kwargs, self._forward_hooks_always_called])
        self._forward_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_hooks_with_kwargs[handle.id] = True
        if always_call:
            self._forward_hooks_always_called[handle.id] = True
        if prepend:
            self._forward_hooks.move_to_end(handle.id, last=False)
        return handle

    def _wrapped_call_impl(self, *args, **kwargs):
        if self._compiled_call_impl is not None:
            return self._compiled_call_impl(*args, **kwargs)
        return self._call_impl(*args, **kwargs)

    def _call_impl(self, *args, **kwargs):
        if not (self._forward_hooks or self._forward_pre_hooks):
            return self.forward(*args, **kwargs)
        result = None
        called_always_called_hooks = set()
        try:
            for hook_id, hook in list(self._forward_pre_hooks.items()):
                if hook_id in self._forward_pre_hooks_with_kwargs:
                    args_kwargs_result = hook(self, args, kwargs)
                    if args_kwargs_result is not None:
                        if isinstance(args_kwargs_result, tuple) and len(args_kwargs_result) == 2:
                            args, kwargs = args_kwargs_result
                        else:
                            raise RuntimeError(f'forward pre-hook must return None or a tuple of (new_args, new_kwargs), but got {args_kwargs_result}.')
                else:
                    args_result = hook(self, args)
                    if args_result is not None:
                        if not isinstance(args_result, tuple):
                            args_result = (args_result,)
                        args = args_result
            result = self.forward(*args, **kwargs)
            for hook_id, hook in list(self._forward_hooks.items()):
                if hook_id in self._forward_hooks_always_called:
                    called_always_called_hooks.add(hook_id)
                if hook_id in self._forward_hooks_with_kwargs:
                    hook_result = hook(self, args, kwargs, result)
                else:
                    hook_result = hook(self, args, result)
                if hook_result is not None:
                    result = hook_result
            return result
        except Exception:
            # Hooks registered with always_call=True still see the failed call;
            # their own errors are silenced (PyTorch only warns).
            for hook_id, hook in list(self._forward_hooks.items()):
                if hook_id in self._forward_hooks_always_called and hook_id not in called_always_called_hooks:
                    try:
                        if hook_id in self._forward_hooks_with_kwargs:
                            hook_result = hook(self, args, kwargs, result)
                        else:
                            hook_result = hook(self, args, result)
                        if hook_result is not None:
                            result = hook_result
                    except Exception:
                        continue
            raise

    __call__ = _wrapped_call_impl

    def compile(self, *args, **kwargs):
        self._compiled_call_impl = torch.compile(self._call_impl, *args, **kwargs)

    # ---- attribute routing -----------------------------------------------------------

    def __getattr__(self, name):
        if '_parameters' in self.__dict__:
            _parameters = self.__dict__['_parameters']
            if name in _parameters:
                return _parameters[name]
        if '_buffers' in self.__dict__:
            _buffers = self.__dict__['_buffers']
            if name in _buffers:
                return _buffers[name]
        if '_modules' in self.__dict__:
            modules = self.__dict__['_modules']
            if name in modules:
                return modules[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        def remove_from(*dicts_or_sets):
            for d in dicts_or_sets:
                if name in d:
                    if isinstance(d, dict):
                        del d[name]
                    else:
                        d.discard(name)

        params = self.__dict__.get('_parameters')
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError('cannot assign parameters before Module.__init__() call')
            remove_from(self.__dict__, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{torch.typename(value)}' as parameter '{name}' (torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
        else:
            modules = self.__dict__.get('_modules')
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError('cannot assign module before Module.__init__() call')
                remove_from(self.__dict__, self._parameters, self._buffers, self._non_persistent_buffers_set)
                modules[name] = value
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(f"cannot assign '{torch.typename(value)}' as child module '{name}' (torch.nn.Module or None expected)")
                modules[name] = value
            else:
                buffers = self.__dict__.get('_buffers')
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, torch.Tensor):
                        raise TypeError(f"cannot assign '{torch.typename(value)}' as buffer '{name}' (torch.nn.Buffer, torch.Tensor or None expected)")
                    self.register_buffer(name, value, name not in self._non_persistent_buffers_set)
                else:
                    super().__setattr__(name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            super().__delattr__(name)

    # ---- state dict ------------------------------------------------------------------

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()

    def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
        if len(args) > 0:
            if destination is None:
                destination = args[0]
            if len(args) > 1 and prefix == '':
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        if destination is None:
            destination = OrderedDict()
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
        return destination

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        persistent_buffers = {k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set}
        local_name_params = itertools.chain(self._parameters.items(), persistent_buffers.items())
        local_state = {k: v for k, v in local_name_params if v is not None}
        assign_to_params_buffers = local_metadata.get('assign_to_params_buffers', False)
        for name, param in local_state.items():
            key = prefix + name
            if key in state_dict:
                input_param = state_dict[key]
                if not isinstance(input_param, torch.Tensor):
                    error_msgs.append(f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like object from checkpoint but received {type(input_param)}')
                    continue
                if len(param.shape) == 0 and len(input_param.shape) == 1 and input_param.shape[0] == 1:
                    input_param = input_param[0]
                if input_param.shape != param.shape:
                    error_msgs.append(f'size mismatch for {key}: copying a param with shape {input_param.shape} from checkpoint, the shape in current model is {param.shape}.')
                    continue
                try:
                    with torch.no_grad():
                        if assign_to_params_buffers:
                            if isinstance(param, Parameter):
                                if not isinstance(input_param, Parameter):
                                    input_param = Parameter(input_param, requires_grad=param.requires_grad)
                                else:
                                    input_param.requires_grad_(param.requires_grad)
                            setattr(self, name, input_param)
                        else:
                            param.copy_(input_param)
                except Exception as ex:
                    error_msgs.append(f'While copying the parameter named "{key}", whose dimensions in the model are {param.size()} and whose dimensions in the checkpoint are {input_param.size()}, an exception occurred : {ex.args}.')
            elif strict:
                missing_keys.append(key)
        if strict:
            for key in state_dict:
                if key.startswith(prefix):
                    input_name = key[len(prefix):].split('.', 1)
                    if len(input_name) > 1:
                        if input_name[0] not in self._modules:
                            unexpected_keys.append(key)
                    elif input_name[0] not in local_state:
                        unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict=True, assign=False):
        if not isinstance(state_dict, dict):
            raise TypeError(f'Expected state_dict to be dict-like, got {type(state_dict)}.')
        missing_keys = []
        unexpected_keys = []
        error_msgs = []
        state_dict = OrderedDict(state_dict)

        def load(module, local_state_dict, prefix=''):
            local_metadata = {}
            if assign:
                local_metadata['assign_to_params_buffers'] = assign
            module._load_from_state_dict(local_state_dict, prefix, local_metadata, True, missing_keys, unexpected_keys, error_msgs)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + '.'
                    child_state_dict = {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}
                    load(child, child_state_dict, child_prefix)

        load(self, state_dict)
        del load  # break the load -> cell -> load reference cycle, as PyTorch does
        if strict:
            if len(unexpected_keys) > 0:
                error_msgs.insert(0, 'Unexpected key(s) in state_dict: {}. '.format(', '.join(f'"{k}"' for k in unexpected_keys)))
            if len(missing_keys) > 0:
                error_msgs.insert(0, 'Missing key(s) in state_dict: {}. '.format(', '.join(f'"{k}"' for k in missing_keys)))
        if len(error_msgs) > 0:
            raise RuntimeError('Error(s) in loading state_dict for {}:\n\t{}'.format(self.__class__.__name__, '\n\t'.join(error_msgs)))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    # ---- traversal -------------------------------------------------------------------

    def _named_members(self, get_members_fn, prefix='', recurse=True, remove_duplicate=True):
        memo = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            members = get_members_fn(module)
            for k, v in members:
                if v is None or v in memo:
                    continue
                if remove_duplicate:
                    memo.add(v)
                name = module_prefix + ('.' if module_prefix else '') + k
                yield (name, v)

    def parameters(self, recurse=True):
        for _name, param in self.named_parameters(recurse=recurse):
            yield param

    def named_parameters(self, prefix='', recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda module: module._parameters.items(), prefix=prefix, recurse=recurse, remove_duplicate=remove_duplicate)

    def buffers(self, recurse=True):
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def named_buffers(self, prefix='', recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda module: module._buffers.items(), prefix=prefix, recurse=recurse, remove_duplicate=remove_duplicate)

    def children(self):
        for _name, module in self.named_children():
            yield module

    def named_children(self):
        memo = set()
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                yield (name, module)

    def modules(self, remove_duplicate=True):
        for _, module in self.named_modules(remove_duplicate=remove_duplicate):
            yield module

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        if memo is None:
            memo = set()
        if self not in memo:
            if remove_duplicate:
                memo.add(self)
            yield (prefix, self)
            for name, module in self._modules.items():
                if module is None:
                    continue
                submodule_prefix = prefix + ('.' if prefix else '') + name
                yield from module.named_modules(memo, submodule_prefix, remove_duplicate)

    # ---- modes and gradients ---------------------------------------------------------

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError('training mode is expected to be boolean')
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        _zero_grads(self.parameters(), set_to_none)

    def __dir__(self):
        module_attrs = dir(self.__class__)
        attrs = list(self.__dict__.keys())
        parameters = list(self._parameters.keys())
        modules = list(self._modules.keys())
        buffers = list(self._buffers.keys())
        keys = module_attrs + attrs + parameters + modules + buffers
        # Submodules named by index (Sequential's "0") are not attributes.
        keys = [key for key in keys if not key[0].isdigit()]
        return sorted(keys)

    # ---- repr ------------------------------------------------------------------------

    def _get_name(self):
        return self.__class__.__name__

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self._modules.items():
            mod_str = repr(module)
            mod_str = _addindent(mod_str, 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        main_str += ')'
        return main_str
