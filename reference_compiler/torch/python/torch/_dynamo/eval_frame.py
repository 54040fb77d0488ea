"""torch._dynamo.optimize and friends: wrapping functions and modules so that
the frames they run are compiled (refc's frame hook does the compiling)."""

import functools

import torch
import torch._C._backends as _C_backends
import torch._C._dynamo as _C_dynamo
from torch._dynamo import config


def _resolve_backend(backend):
    if isinstance(backend, str):
        return _C_backends.lookup_backend(backend), backend
    if not callable(backend):
        raise TypeError(f"backend must be a string or a callable, not {type(backend).__name__}")
    return backend, getattr(backend, '__name__', type(backend).__name__)


def _describe_backend(backend):
    """2.14's describe_backend (torch/_dynamo/guards.py) for a backend given to
    torch._dynamo.optimize, without its `(id=...)`, which the cache entry adds."""
    actual, prefix = backend, ""
    if isinstance(actual, functools.partial):
        actual, prefix = actual.func, "functools.partial wrapping "
    qualname = getattr(actual, '__qualname__', None)
    module = getattr(actual, '__module__', None)
    if qualname and module:
        name = f"{module}.{qualname}"
    elif qualname:
        name = qualname
    elif hasattr(actual, '__name__'):
        name = actual.__name__
    else:
        name = type(actual).__name__
    code = getattr(actual, '__code__', None)
    location = f" defined at {code.co_filename}:{code.co_firstlineno}" if code is not None else ""
    return f"{prefix}{name}{location}"


def _torch_compile_wrapper(backend, dynamic):
    """The class and description of the wrapper 2.14's torch.compile puts around
    its backend (_TorchCompileWrapper, or _TorchCompileInductorWrapper)."""
    if isinstance(backend, str) and backend == 'inductor':
        return '_TorchCompileInductorWrapper', '_TorchCompileInductorWrapper'
    if isinstance(backend, str):
        compiler_name = backend
    elif hasattr(backend, '__name__'):
        compiler_name = backend.__name__
    else:
        compiler_name = str(backend)
    return '_TorchCompileWrapper', f"_TorchCompileWrapper(compiler={compiler_name!r}, dynamic={dynamic!r})"


class OptimizedModule(torch.nn.Module):
    """What torch.compile(module) returns: calls go through the compiled wrapper,
    everything else reaches the original module (_orig_mod)."""

    def __init__(self, mod, compiled_call):
        super().__init__()
        self._orig_mod = mod
        self._compiled_call = compiled_call

    def __call__(self, *args, **kwargs):
        return self._compiled_call(*args, **kwargs)

    def forward(self, *args, **kwargs):
        return self._compiled_call(*args, **kwargs)

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)  # _orig_mod itself is a submodule
        except AttributeError:
            return getattr(self._modules['_orig_mod'], name)


class _OptimizeContext:
    # torch_compile: made by torch.compile, whose wrapper is the backend's identity.
    # guard_fail_fn: called with a GuardFail for each entry of this context whose guards fail before a recompile.
    def __init__(self, backend, fullgraph, dynamic, torch_compile=False, guard_fail_fn=None):
        self.backend, self.backend_name = _resolve_backend(backend)
        self.fullgraph = fullgraph
        self.dynamic = dynamic
        if guard_fail_fn is not None and not callable(guard_fail_fn):
            raise TypeError(f"guard_fail_fn must be callable, not {type(guard_fail_fn).__name__}")
        self.guard_fail_fn = guard_fail_fn
        if torch_compile:
            self.wrapper, self.backend_description = _torch_compile_wrapper(backend, dynamic)
        else:
            self.wrapper, self.backend_description = '', _describe_backend(self.backend)

    def _optimize(self, fn):
        return _C_dynamo._optimize(fn, self.backend, self.backend_name, self.fullgraph, self.dynamic, self.wrapper,
                                   self.backend_description, self.guard_fail_fn)

    def __call__(self, fn):
        if isinstance(fn, torch.nn.Module):
            return OptimizedModule(fn, self._optimize(fn))
        if not callable(fn):
            raise TypeError(f"A callable function is expected, but {type(fn).__name__} is provided.")
        return self._optimize(fn)


def optimize(backend="inductor", *, nopython=False, guard_export_fn=None, guard_fail_fn=None, guard_filter_fn=None,
             disable=False, dynamic=None):
    """A decorator compiling the frames of the functions it wraps. guard_fail_fn(GuardFail)
    hears of every cache entry whose guards fail before the frame is compiled again."""
    for name, hook in (("guard_export_fn", guard_export_fn), ("guard_filter_fn", guard_filter_fn)):
        if hook is not None:
            raise NotImplementedError(f"torch._dynamo.optimize: refc does not support {name}")
    if disable:
        return lambda fn: fn
    return _OptimizeContext(backend, nopython, dynamic, guard_fail_fn=guard_fail_fn)


def disable(fn=None, recursive=True, *, reason=None):
    """Runs fn without compiling it (recursive: nor anything it calls)."""
    if fn is None:
        return lambda f: disable(f, recursive, reason=reason)
    if recursive:
        def _disabled(*args, **kwargs):
            return _C_dynamo._call_disabled(fn, *args, **kwargs)
        _disabled._torchdynamo_disable = True
        _disabled.__name__ = getattr(fn, '__name__', '_disabled')
        _disabled.__wrapped__ = fn
        return _disabled
    code = getattr(fn, '__code__', None)
    if code is not None:
        _C_dynamo._skip_code(code)
    return fn


def reset():
    """Forgets every compiled frame (caches, skips, resume functions)."""
    _C_dynamo.reset()
    _C_backends.reset_counted_applications()
    from torch._dynamo.utils import counters
    counters.clear()


def list_backends(exclude_tags=('debug', 'experimental')):
    return _C_backends.list_backends(exclude_tags or ())


class BreakReason:
    def __init__(self, reason):
        self.reason = reason
        self.user_stack = []

    def __repr__(self):
        return f"BreakReason(reason={self.reason!r})"


class ExplainOutput:
    def __init__(self, graphs, graph_count, graph_break_count, break_reasons, op_count, ops_per_graph, out_guards):
        self.graphs = graphs
        self.graph_count = graph_count
        self.graph_break_count = graph_break_count
        self.break_reasons = break_reasons
        self.op_count = op_count
        self.ops_per_graph = ops_per_graph
        self.out_guards = out_guards

    def __str__(self):
        out = f"Graph Count: {self.graph_count}\n"
        out += f"Graph Break Count: {self.graph_break_count}\n"
        out += f"Op Count: {self.op_count}\n"
        out += "Break Reasons:\n"
        for i, reason in enumerate(self.break_reasons):
            out += f"  Break Reason {i + 1}:\n    Reason: {reason.reason}\n"
        out += "Ops per Graph:\n"
        for i, ops in enumerate(self.ops_per_graph):
            out += f"  Ops {i + 1}:\n"
            for op in ops:
                out += f"    {op}\n"
        return out


def explain(f, *extra_args, **extra_kwargs):
    """explain(fn)(*args): compiles fn for these arguments and reports its
    graphs, graph breaks and ops."""
    def inner(*args, **kwargs):
        graphs = []
        ops_per_graph = []

        def backend(gm, example_inputs):
            graphs.append(gm)
            ops_per_graph.append([node.target for node in gm.graph.nodes if node.op == 'call_function'])
            return gm.forward
        reset()
        opt = optimize(backend)(f)
        opt(*args, **kwargs)
        from torch._dynamo.utils import counters
        reasons = [BreakReason(r) for r in counters['graph_break'] for _ in range(counters['graph_break'][r])]
        op_count = sum(len(ops) for ops in ops_per_graph)
        return ExplainOutput(graphs, len(graphs), len(reasons), reasons, op_count, ops_per_graph, [])
    if extra_args or extra_kwargs:
        return inner(*extra_args, **extra_kwargs)
    return inner
