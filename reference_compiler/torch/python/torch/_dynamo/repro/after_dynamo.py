"""Repro after Dynamo (TORCHDYNAMO_REPRO_AFTER=dynamo): the stage that wraps
every backend compile and, when the compiled graph fails, writes it out as
a repro file (files.py) — PyTorch 2.14's WrapBackendDebug, level for level:

    1  on a failure, repro.py (command run)
    2  on a failure, minifier_launcher.py (command minify)
    3  minifier_launcher.py before every compile (survives a crash or hang)
    4  the compiled graph compared with eager against a float64 reference;
       on a mismatch, minifier_launcher.py (accuracy) and AccuracyError

A failure is an exception while compiling, or while running the compiled
graph once on the example inputs right after (as PyTorch does). Files go to
<debug_dir_root>/run_<time>-pid_<pid>/minifier/graph_<n>/, one folder per
graph captured, listed in minifier/manifest.json; the exception names the
file (its message, and `minifier_path`)."""

import logging
import os
import time

import torch
import torch._C._dynamo as _dynamo_c
import torch._C._repro as _native
from torch._dynamo import config
from torch._dynamo.exc import AccuracyError
from torch._dynamo.repro import files
from torch._dynamo.repro.accuracy import same

log = logging.getLogger("torch._dynamo.repro.after_dynamo")

_run_dir = None
_captured = []  # the manifest: one entry per file written


def minifier_dir():
    """<debug_dir_root>/run_<time>-pid_<pid>/minifier: one per process."""
    global _run_dir
    if _run_dir is None:
        stamp = time.strftime("%Y_%m_%d_%H_%M_%S", time.localtime()) + "_%06d" % (int(time.time() * 1e6) % 1000000)
        _run_dir = os.path.join(config.debug_dir_root, "run_%s-pid_%d" % (stamp, os.getpid()))
    return os.path.join(_run_dir, "minifier")


def _json(value):
    if isinstance(value, dict):
        return "{" + ", ".join(_json(str(k)) + ": " + _json(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_json(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def dump(gm_code, example_inputs, names, backend_name, *, level, accuracy, reason):
    """Writes the graph's repro (level 1: repro.py, else minifier_launcher.py) and returns its path."""
    folder = os.path.join(minifier_dir(), "graph_%d" % len(_captured))
    filename = "repro.py" if level == 1 else "minifier_launcher.py"
    path = os.path.join(folder, filename)
    files.write_repro(path, gm_code, example_inputs, names, command="run" if level == 1 else "minify",
                      accuracy=accuracy, backend=backend_name)
    _captured.append({"file": os.path.relpath(path, minifier_dir()), "backend": backend_name, "level": level,
                      "accuracy": accuracy, "reason": reason, "inputs": len(names)})
    _native.write_text(os.path.join(minifier_dir(), "manifest.json"),
                       _json({"format": files.FORMAT_VERSION, "captured": _captured}) + "\n")
    log.warning("Writing minified repro to:\n%s", path)
    return path


def _add_path(exc, path):
    exc.minifier_path = path
    if exc.args and isinstance(exc.args[0], str):
        exc.args = (exc.args[0] + "\nrepro written to " + path,) + tuple(exc.args[1:])
    else:
        exc.args = tuple(exc.args) + ("repro written to " + path,)


def _clone(inputs):
    out = []
    for x in inputs:
        if isinstance(x, torch.Tensor):
            c = x.detach().clone()
            out.append(c.requires_grad_(x.requires_grad) if x.is_leaf else c)
        else:
            out.append(x)
    return out


def _to_fp64(inputs):
    return [x.detach().to(torch.float64) if isinstance(x, torch.Tensor) and x.is_floating_point() else x
            for x in inputs]


def accuracy_fails(eager_mod, compiled, inputs, tolerance):
    """Whether compiled(*inputs) is worse than eager's against a float64 reference."""
    ref = eager_mod(*_clone(inputs))
    fp64_ref = None
    if config.same_two_models_use_fp64:
        try:
            fp64_ref = eager_mod(*_to_fp64(inputs))
        except Exception:
            log.warning("Could not generate fp64 outputs")
    try:
        res = compiled(*_clone(inputs))
    except Exception:
        log.exception("While minifying the program in accuracy minification mode, ran into a runtime exception "
                      "which is likely an unrelated issue. Skipping this graph.")
        return False
    return not same(ref, res, fp64_ref, tol=tolerance, equal_nan=True, ignore_non_fp=config.repro_ignore_non_fp)


def _graph_code(gm):
    return _dynamo_c._graph_code(gm.graph._handle, "Repro")


def _placeholders(gm):
    return [node.target for node in gm.graph.nodes if node.op == "placeholder"]


def wrap_backend(compile_fn, backend_name):
    """compile_fn(gm, example_inputs), wrapped as config.repro_level says."""

    def debug_compile(gm, example_inputs):
        level = config.repro_level
        code, names = _graph_code(gm), _placeholders(gm)  # before the backend touches the graph
        if level == 3:
            dump(code, example_inputs, names, backend_name, level=3, accuracy=False, reason="before compiling")
        if level == 4:
            compiled = compile_fn(gm, example_inputs)
            eager_mod = files.module_of(_native.exec_source("import torch\nimport operator\n" + code, "<repro>")["Repro"])
            if accuracy_fails(eager_mod, compiled, example_inputs, config.repro_tolerance):
                log.warning("Accuracy failed for the TorchDynamo produced graph. Creating script to minify the error.")
                path = dump(code, example_inputs, names, backend_name, level=4, accuracy=True, reason="accuracy")
                exc = AccuracyError("Bad accuracy detected.")
                _add_path(exc, path)
                raise exc
            return compiled
        try:
            compiled = compile_fn(gm, example_inputs)
            compiled(*_clone(example_inputs))
        except Exception as exc:
            log.warning("Compiled Fx GraphModule failed. Creating script to minify the error.")
            if level in (1, 2):
                _add_path(exc, dump(code, example_inputs, names, backend_name, level=level, accuracy=False,
                                    reason=type(exc).__name__ + ": " + str(exc).splitlines()[0]))
            raise
        return compiled

    return debug_compile
