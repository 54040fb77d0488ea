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
file (`minifier_path`, which BackendCompilerFailed's message names).

A repro file ends by calling run_repro, which runs it with a command:

    refc run repro.py            its default command
    refc repro run repro.py      the graph compiled (the failure shows)
    refc repro minify repro.py   reduced to the smallest graph that fails the same way
    refc repro analyze repro.py  the first op whose compiled value is wrong
    refc repro get-args repro.py the inputs described"""

import logging
import os
import sys
import time

import torch
import torch._C._dynamo as _dynamo_c
import torch._C._repro as _native
from torch._dynamo import config
from torch._dynamo.exc import AccuracyError
from torch._dynamo.repro import files
from torch._dynamo.repro.accuracy import accuracy_fails, clone_inputs
from torch._dynamo.repro.analyze import analyze

log = logging.getLogger("torch._dynamo.repro.after_dynamo")

COMMANDS = ("run", "minify", "analyze", "get-args")

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
    exc.minifier_path = path  # BackendCompilerFailed's message names it, as in 2.14


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
            compiled(*clone_inputs(example_inputs))
        except Exception as exc:
            log.warning("Compiled Fx GraphModule failed. Creating script to minify the error.")
            if level in (1, 2):
                _add_path(exc, dump(code, example_inputs, names, backend_name, level=level, accuracy=False,
                                    reason=files.error_summary(exc)))
            raise
        return compiled

    return debug_compile


def _command(default):
    """The command: the first program argument if it names one, else the file's default."""
    args = sys.argv[1:]
    if args:
        if args[0] not in COMMANDS:
            raise SystemExit("repro: unknown command %r (one of %s)" % (args[0], ", ".join(COMMANDS)))
        return args[0]
    return default


def run_repro(mod, load_args, *, accuracy=False, command="run", save_dir=files.DATA_DIR, backend="eager", tolerance=1e-3):
    """Runs a repro: compiles mod with backend on the inputs load_args rebuilds."""
    command = _command(command)
    if not os.path.isabs(save_dir):
        save_dir = os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])), save_dir)
    args = files.load_inputs(load_args, save_dir)
    if command == "get-args":
        for i, a in enumerate(args):
            if isinstance(a, torch.Tensor):
                print("arg %d: tensor %s %s stride=%s offset=%d requires_grad=%s"
                      % (i, a.dtype, tuple(a.shape), tuple(a.stride()), a.storage_offset(), a.requires_grad))
            else:
                print("arg %d: %r" % (i, a))
        return args
    if command == "minify":
        def render(graph_code, inputs, names, data_dir, command):
            return files.render_repro(graph_code, inputs, names, data_dir, command=command, accuracy=accuracy,
                                      backend=backend, tolerance=tolerance)

        import torch._C._minifier as _minifier
        status = _minifier.minify(os.path.abspath(sys.argv[0]), mod, list(args), render)
        if status:
            raise SystemExit(status)
        return None
    if command == "analyze":
        status = analyze(os.path.abspath(sys.argv[0]), args, backend=backend, tolerance=tolerance)
        if status:
            raise SystemExit(status)
        return None
    compiled = torch.compile(mod, backend=backend)
    if not accuracy:
        return compiled(*args)
    if accuracy_fails(mod, compiled, args, tolerance):
        raise AccuracyError("Bad accuracy detected.")
    return None
