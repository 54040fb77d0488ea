"""Repro files: a graph as a refc program that runs alone.

A repro holds the configuration the failure depends on (the non-default
torch._dynamo.config entries), the graph as `class Repro(torch.nn.Module)`,
`load_args(reader)` rebuilding every input with its exact sizes, strides,
storage offset, dtype and requires_grad (inputs that shared a storage share
it again), and a tail calling run_repro(). The inputs' bytes sit in a content
store next to the file (repro_data/, one file per distinct storage, named by
its XXH3-128; torch._C._repro checks every file on load). Without the data,
inputs are made from the recorded value summaries (each storage's min and
max) rather than zeros. The format version is written into the file and
checked before it runs.

run_repro (after_dynamo.py) runs one; refc repro COMMAND repro.py picks
its command."""

import os
import sys

import torch
import torch._C._repro as _native
from torch._dynamo import config

FORMAT_VERSION = 2  # 2: symbolic ints as reader.symint(hint, expr=...); version 1 files still load
DATA_DIR = "repro_data"


# ---- writing --------------------------------------------------------------------


class InputWriter:
    """Writes inputs to a content store and records how load_args rebuilds them."""

    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.lines = []
        self._buffers = {}  # storage identity -> buffer variable

    def tensor(self, name, t):
        storage = _native.storage_id(t)
        buf = self._buffers.get(storage)
        if buf is None:
            buf = "buf%d" % len(self._buffers)
            self._buffers[storage] = buf
            key = _native.write_storage(t, self.data_dir)
            self.lines.append("%s = reader.storage(%r, %d, dtype_hint=%s, summary=%r)"
                              % (buf, key, _native.storage_nbytes(t), t.dtype, _summary(t)))
        self.lines.append("reader.tensor(%s, %r, %r, %d, dtype=%s, requires_grad=%r)  # %s"
                          % (buf, tuple(t.shape), tuple(t.stride()), t.storage_offset(), t.dtype, t.requires_grad, name))

    def value(self, name, v):
        self.lines.append("reader.value(%r)  # %s" % (v, name))

    def symint(self, name, v):
        """A torch.SymInt input (2.14 passes them to backends) as its hint and expression."""
        self.lines.append("reader.symint(%r, expr=%r)  # %s" % (_native.sym_hint(v), str(v), name))

    def source(self):
        body = "".join("    " + line + "\n" for line in self.lines) or "    pass\n"
        return "def load_args(reader):\n" + body + "load_args._version = %d\n" % FORMAT_VERSION


def _summary(t):
    """(min, max) of a numeric tensor's values, for inputs made without the data."""
    if t.numel() == 0 or t.dtype == torch.bool:
        return None
    flat = t.detach().reshape(-1)
    if t.is_floating_point():
        return (float(flat.min().item()), float(flat.max().item()))
    return (int(flat.min().item()), int(flat.max().item()))


# Environment variables a repro carries: the compiler's own, less those that
# would capture the repro again.
_ENV_PREFIXES = ("TORCHDYNAMO_", "TORCH_COMPILE_", "TORCHINDUCTOR_")
_ENV_SKIPPED = ("TORCHDYNAMO_REPRO_", "TORCH_COMPILE_DEBUG_DIR")


def env_lines():
    """os.environ assignments of the compiler's environment variables that are set."""
    lines = []
    for name in sorted(os.environ):
        if name.startswith(_ENV_PREFIXES) and not name.startswith(_ENV_SKIPPED):
            lines.append("os.environ[%r] = %r" % (name, os.environ[name]))
    return lines


def config_lines():
    """Assignments of the torch._dynamo.config entries that differ from their defaults."""
    lines = []
    for name, value in sorted(config._changed().items()):
        if name.startswith("repro_") or name == "debug_dir_root":
            continue  # the repro runs the graph, it does not capture it again
        lines.append("torch._dynamo.config.%s = %r" % (name, value))
    return lines


def repro_source(graph_code, writer, *, command, accuracy, backend, tolerance):
    """The text of a repro file."""
    parts = ["# refc repro, format %d: a graph TorchDynamo produced, and what it needs to run alone.\n" % FORMAT_VERSION]
    environment = env_lines()
    if environment:
        parts.append("import os\n\n# The environment the failure depends on (read when torch is imported).\n")
        parts += [line + "\n" for line in environment]
        parts.append("\n")
    parts += ["import torch\n", "from torch._dynamo.repro.after_dynamo import run_repro\n",
              "from torch._dynamo.repro.files import module_of\n", "\n"]
    settings = config_lines()
    if settings:
        parts.append("# The configuration the failure depends on.\n")
        parts += [line + "\n" for line in settings]
        parts.append("\n")
    parts += [graph_code.rstrip() + "\n", "\n\n", writer.source(), "\n",
              "mod = module_of(Repro)\n",
              "if __name__ == '__main__':\n",
              "    run_repro(mod, load_args, accuracy=%r, command=%r, save_dir=%r, backend=%r, tolerance=%r)\n"
              % (accuracy, command, DATA_DIR, backend, tolerance)]
    return "".join(parts)


def render_repro(graph_code, inputs, names, data_dir, *, command, accuracy, backend, tolerance):
    """The text of a repro file for the graph on `inputs`; their data goes to data_dir."""
    writer = InputWriter(data_dir)
    for name, value in zip(names, inputs):
        if isinstance(value, torch.Tensor):
            writer.tensor(name, value)
        elif isinstance(value, torch.SymInt):
            writer.symint(name, value)
        else:
            writer.value(name, value)
    return repro_source(graph_code, writer, command=command, accuracy=accuracy, backend=backend, tolerance=tolerance)


def write_repro(path, graph_code, inputs, names, *, command, accuracy, backend):
    """Writes the repro file `path` and its data (next to it)."""
    text = render_repro(graph_code, inputs, names, os.path.join(os.path.dirname(path), DATA_DIR), command=command,
                        accuracy=accuracy, backend=backend, tolerance=config.repro_tolerance)
    _native.write_text(path, text)


def error_summary(exc):
    """`Type: first line of the message`; the message may be empty (PyTorch's
    relu_compile_error_TESTING_ONLY raises its error without one)."""
    lines = str(exc).splitlines()
    return "%s: %s" % (type(exc).__name__, lines[0] if lines else "")


# ---- reading and running ----------------------------------------------------------


def module_of(cls):
    """An instance of a printed graph class, its nested classes (the graph's
    subgraphs, which get_attr nodes read) instances held as submodules. The
    nested classes leave the class: an attribute of the class would hide the
    submodule of the same name."""
    nested = [(name, value) for name, value in vars(cls).items()
              if isinstance(value, type) and issubclass(value, torch.nn.Module)]
    mod = cls()
    for name, value in nested:
        delattr(cls, name)
        setattr(mod, name, module_of(value))
    return mod



class InputReader:
    """Rebuilds the inputs load_args describes, from the store or (without it)
    from the recorded summaries."""

    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.args = []
        self.synthesized = 0

    def storage(self, key, nbytes, dtype_hint=torch.float32, summary=None):
        if os.path.exists(os.path.join(self.data_dir, key)):
            return _native.read_storage(self.data_dir, key, nbytes, dtype_hint)
        self.synthesized += 1
        return _synthesize(nbytes // torch.empty(0, dtype=dtype_hint).element_size(), dtype_hint, summary)

    def tensor(self, buf, size, stride, offset, dtype=None, requires_grad=False):
        if dtype is not None and dtype != buf.dtype:
            raise ValueError("repro: a storage read as %s is used as %s" % (buf.dtype, dtype))
        t = torch.as_strided(buf, size, stride, offset)
        if requires_grad:
            t = t.detach().requires_grad_(True)
        self.args.append(t)

    def value(self, v):
        self.args.append(v)

    def symint(self, hint, expr=None):
        self.args.append(hint)


def _synthesize(n, dtype, summary):
    """n values of dtype spread over the summary's range (seeded)."""
    torch.manual_seed(0)
    if dtype == torch.bool:
        return torch.rand(n) < 0.5
    low, high = summary if summary is not None else (0, 1)
    if dtype.is_floating_point:
        return (torch.rand(n, dtype=torch.float64) * (high - low) + low).to(dtype)
    return torch.randint(int(low), int(high) + 1, (n,)).to(dtype)


def load_inputs(load_args, save_dir):
    """The inputs load_args describes, checking the format version."""
    version = getattr(load_args, "_version", 0)
    if not 1 <= version <= FORMAT_VERSION:
        raise RuntimeError("repro: this file has format version %d; this refc reads versions 1 to %d"
                           % (version, FORMAT_VERSION))
    reader = InputReader(save_dir)
    load_args(reader)
    if reader.synthesized:
        print("repro: %d input storage(s) not found in %s; made from their recorded ranges"
              % (reader.synthesized, save_dir), file=sys.stderr)
    return reader.args
