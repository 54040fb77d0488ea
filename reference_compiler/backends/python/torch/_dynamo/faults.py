"""Injectable faults (TESTING_ONLY): the failures the repro tools and the
minifier are tested on, planted into the graphs a backend compiles.

    torch._dynamo.config.inject_fault_TESTING_ONLY = "relu:accuracy"
    TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY="relu:crash,sin:runtime_error" ...

Each entry names an op (a function's name, `relu` for torch.relu, or a
Tensor method's) and a fault kind from KINDS. The faults live inside the
backend (Dynamo hands the backend a clean graph, as PyTorch's
relu_*_TESTING_ONLY backends receive one), so a repro captured after Dynamo
carries the graph without the fault and reproduces it by compiling with the
same config, which the repro records."""

import time

import torch
import torch._C._testing_faults as _native
from torch._dynamo import config


class InjectedCompileError(Exception):
    """The compile_error fault: the backend refuses a graph calling the op."""


def _replace(node, function):
    """The node calls function(original, *args, **kwargs) instead, where
    original is its function, or the name of its Tensor method."""
    original = node.target
    node.op = "call_function"
    node.target = function
    node.args = (original,) + tuple(node.args)


def _call(original, args, kwargs):
    if isinstance(original, str):
        return getattr(args[0], original)(*args[1:], **kwargs)
    return original(*args, **kwargs)


def _name(original):
    return original if isinstance(original, str) else original.__name__


def _runtime_error(original, *args, **kwargs):
    raise RuntimeError("injected runtime error at " + _name(original))


def _wrong_value(original, *args, **kwargs):
    # A wrong value and no error: the result plus one.
    return _call(original, args, kwargs) + 1


def _crash(original, *args, **kwargs):
    _native.crash()


def _abort(original, *args, **kwargs):
    _native.abort()


def _hang(original, *args, **kwargs):
    _native.hang()


def _flaky(original, *args, **kwargs):
    # A runtime error in about half the runs (the clock decides).
    if time.time_ns() // 1000 % 2:
        raise RuntimeError("injected flaky error at " + _name(original))
    return _call(original, args, kwargs)


def _oom(original, *args, **kwargs):
    # More than any machine has: the allocator's out-of-memory error.
    return torch.empty(1 << 50, dtype=torch.uint8)


# kind -> what the op's node calls instead when the graph runs (None: the
# fault is the compile itself failing)
KINDS = {
    "compile_error": None,
    "runtime_error": _runtime_error,
    "accuracy": _wrong_value,
    "crash": _crash,
    "abort": _abort,
    "hang": _hang,
    "oom": _oom,
    "flaky": _flaky,
}


def parse(spec):
    """[(op, kind)] from "op:kind[,op:kind...]"; ValueError for a bad entry."""
    faults = []
    for entry in spec.split(","):
        entry = entry.strip()
        if not entry:
            continue
        op, sep, kind = entry.partition(":")
        if not sep or not op or kind not in KINDS:
            raise ValueError("inject_fault_TESTING_ONLY: %r is not op:kind with kind one of %s"
                             % (entry, ", ".join(sorted(KINDS))))
        faults.append((op, kind))
    return faults


def _op_name(node):
    if node.op == "call_function":
        return getattr(node.target, "__name__", "")
    if node.op == "call_method":
        return node.target
    return ""


def with_faults(backend):
    """The compile function Dynamo calls for `backend`: the configured faults
    planted into each graph before the backend sees it."""

    def compile_fn(gm, example_inputs):
        return backend(inject(gm), example_inputs)

    return compile_fn


def inject(gm):
    """Plants the configured faults into gm (in place); returns gm."""
    faults = parse(config.inject_fault_TESTING_ONLY)
    if not faults:
        return gm
    changed = False
    for node in list(gm.graph.nodes):
        op = _op_name(node)
        for name, kind in faults:
            if op != name:
                continue
            if KINDS[kind] is None:
                raise InjectedCompileError("injected compile error at " + op)
            _replace(node, KINDS[kind])
            changed = True
            break
    if changed:
        gm.recompile()
    return gm
