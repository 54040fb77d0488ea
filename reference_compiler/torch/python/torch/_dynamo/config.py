"""torch._dynamo.config: the knobs of the tracer, as PyTorch 2.14 names them.

The module is a ConfigModule instance (it replaces itself in sys.modules), so
that old names stay aliases of new ones both ways (cache_size_limit is
recompile_limit), unknown names are refused, and patch() sets values for a
with-block or a decorated call. Defaults follow PyTorch 2.14, except where the
seed documents prescribe otherwise (specialize_float: floats are guarded on
their value). The keys 2.14 does not have, which make its behaviour reachable
where the seeds chose otherwise, are listed apart at the end of _DEFAULTS."""

import os
import sys


def _env_flag(name, default):
    value = os.environ.get(name)
    return default if value is None else value not in ('', '0', 'false', 'False')


_DEFAULTS = {
    # recompilation and caches
    'recompile_limit': 8,
    'accumulated_recompile_limit': 256,
    'fail_on_recompile_limit_hit': False,
    'skip_code_recursive_on_recompile_limit_hit': True,
    'error_on_recompile': False,
    # dynamic shapes
    'dynamic_shapes': True,
    'assume_static_by_default': True,
    'automatic_dynamic_shapes': _env_flag('TORCH_DYNAMO_AUTOMATIC_DYNAMIC_SHAPES', True),
    'automatic_dynamic_shapes_mark_as': 'dynamic',
    'automatic_dynamic_exclusion_guard': False,
    'force_parameter_static_shapes': True,
    'force_nn_module_property_static_shapes': True,
    'allow_ignore_mark_dynamic': False,
    'allow_unspec_int_on_nn_module': False,
    'specialize_int': False,
    'specialize_float': True,
    'capture_scalar_outputs': _env_flag('TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS', False),
    'capture_dynamic_output_shape_ops': _env_flag('TORCHDYNAMO_CAPTURE_DYNAMIC_OUTPUT_SHAPE_OPS', False),
    'prefer_deferred_runtime_asserts_over_guards': False,
    'do_not_emit_runtime_asserts': _env_flag('TORCH_DYNAMO_DO_NOT_EMIT_RUNTIME_ASSERTS', False),
    'automatic_dynamic_local_pgo': True,
    # graph breaks and errors
    'suppress_errors': bool(os.environ.get('TORCHDYNAMO_SUPPRESS_ERRORS', '')),
    'verbose': _env_flag('TORCHDYNAMO_VERBOSE', False),
    'reorderable_logging_functions': set(),
    'ignore_logging_functions': set(),
    'nested_graph_breaks': False,
    'allow_empty_graphs': False,
    'rewrite_assert_with_torch_assert': True,
    'graph_break_on_nn_param_ctor': True,
    'allow_rnn': False,
    'disable': _env_flag('TORCH_COMPILE_DISABLE', False),
    'inline_inbuilt_nn_modules': True,
    'guard_nn_modules': True,
    'enable_cpp_symbolic_shape_guards': False,
    'minimum_call_count': 1,
    # debugging: faults injected into the graphs backends compile
    # ("relu:accuracy,sin:crash", torch._dynamo.faults)
    'inject_fault_TESTING_ONLY': os.environ.get('TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY', ''),
    # debugging: bugs planted in guard and shape logic, by name
    # (dynamo/planted_bugs.def), for the tools that must find them
    'planted_bugs_TESTING_ONLY': os.environ.get('TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY', ''),
    # repro files (torch._dynamo.repro.after_dynamo): after which stage a
    # failing graph is captured ("dynamo", or None), and what is written
    # (1: repro.py on a failure, 2: a minifier launcher on a failure, 3: a
    # launcher before every compile, 4: a launcher when accuracy fails)
    'repro_after': os.environ.get('TORCHDYNAMO_REPRO_AFTER', None),
    'repro_level': int(os.environ.get('TORCHDYNAMO_REPRO_LEVEL', 2)),
    # (refc's checks run the forward only: no backward stage is built yet)
    'repro_forward_only': _env_flag('TORCHDYNAMO_REPRO_FORWARD_ONLY', False),
    'repro_ignore_non_fp': _env_flag('TORCHDYNAMO_REPRO_IGNORE_NON_FP', False),
    'repro_tolerance': 1e-3,
    'same_two_models_use_fp64': True,
    # where torch_compile_debug/ goes (TORCH_COMPILE_DEBUG_DIR)
    'debug_dir_root': os.path.join(os.environ.get('TORCH_COMPILE_DEBUG_DIR', os.getcwd()), 'torch_compile_debug'),
    # refc only. Guard-failure reasons (recompile logs, RecompileError) are
    # the bare code part, as the seeds print them ("L['c'] == 8.5"); True
    # gives 2.14's form: the code part with the guard's comment (its user
    # line, a HINT) and the guard's "User stack trace:".
    'guard_fail_reason_origin': _env_flag('TORCHDYNAMO_GUARD_FAIL_REASON_ORIGIN', False),
}

_ALIASES = {
    'cache_size_limit': 'recompile_limit',
    'accumulated_cache_size_limit': 'accumulated_recompile_limit',
    'fail_on_cache_limit_hit': 'fail_on_recompile_limit_hit',
    'ignore_logger_methods': 'ignore_logging_functions',
}


class _ConfigPatch:
    """The values patch() sets: applied on enter, restored on exit; as a
    decorator, around every call."""

    def __init__(self, config, changes):
        self._config = config
        self._changes = changes
        self._saved = []

    def __enter__(self):
        saved = {}
        for name, value in self._changes.items():
            saved[name] = getattr(self._config, name)
            setattr(self._config, name, value)
        self._saved.append(saved)
        return self

    def __exit__(self, *exc):
        for name, value in self._saved.pop().items():
            setattr(self._config, name, value)
        return False

    def __call__(self, fn):
        patch = self

        def patched(*args, **kwargs):
            with patch:
                return fn(*args, **kwargs)

        patched.__name__ = getattr(fn, '__name__', 'patched')
        patched.__wrapped__ = fn
        return patched


class ConfigModuleInstance:
    def __init__(self, name, defaults, aliases):
        object.__setattr__(self, '__name__', name)
        object.__setattr__(self, '_values', dict(defaults))
        object.__setattr__(self, '_defaults', defaults)
        object.__setattr__(self, '_aliases', aliases)

    def _key(self, name):
        key = self._aliases.get(name, name)
        if key not in self._values:
            raise AttributeError(f'{self.__name__}.{name} does not exist')
        return key

    def __getattr__(self, name):
        return self._values[self._key(name)]

    def __setattr__(self, name, value):
        self._values[self._key(name)] = value

    def __dir__(self):
        return sorted(list(self._values) + list(self._aliases))

    def patch(self, arg1=None, arg2=None, **kwargs):
        """patch(name, value), patch({name: value}) or patch(name=value):
        a context manager and decorator."""
        if isinstance(arg1, str):
            changes = {arg1: arg2}
        elif isinstance(arg1, dict):
            changes = dict(arg1)
        else:
            changes = {}
        changes.update(kwargs)
        for name in changes:
            self._key(name)
        return _ConfigPatch(self, changes)

    def get_config_copy(self):
        return dict(self._values)

    def _changed(self):
        """The entries a program set to something other than their default."""
        return {k: v for k, v in self._values.items() if v != self._defaults[k]}

    def load_config(self, values):
        for name, value in values.items():
            setattr(self, name, value)


sys.modules[__name__] = ConfigModuleInstance(__name__, _DEFAULTS, _ALIASES)
