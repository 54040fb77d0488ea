"""torch.serialization for refc: torch.save and torch.load in PyTorch's
file format (a zip archive of data.pkl, a protocol-2 pickle of the object,
and one data/<key> record per storage), so that files move both ways
between refc and PyTorch. This module takes the arguments as PyTorch 2.14
does (paths, file objects, map_location, weights_only and its messages);
the pickling and the archive are native (torch._C._serialization). Files
are written with pickle protocol 2 (torch.save's default) whatever
pickle_protocol asks; torch.load reads protocols 2 to 5.
"""

import os as _os
import warnings as _warnings
import torch
import torch._C._serialization as _serialization

__all__ = ["save", "load", "default_restore_location", "DEFAULT_PROTOCOL", "add_safe_globals",
           "get_safe_globals", "clear_safe_globals", "safe_globals"]

DEFAULT_PROTOCOL = 2


class PickleError(Exception):
    """pickle's base error; refc has no pickle module, so torch.load's errors
    carry CPython's _pickle names here."""
    __module__ = "_pickle"


class PicklingError(PickleError):
    __module__ = "_pickle"


class UnpicklingError(PickleError):
    __module__ = "_pickle"


UNSAFE_MESSAGE = (
    "In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` "
    "from `False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, "
    "but it can result in arbitrary code execution. Do it only if you got the file from a "
    "trusted source."
)

_DOCS_MESSAGE = (
    "\n\nCheck the documentation of torch.load to learn more about types accepted by default with "
    "weights_only https://pytorch.org/docs/stable/generated/torch.load.html."
)


# The globals add_safe_globals allowed: [obj or (obj, "module.name")].
_user_safe_globals = []


def _safe_global_name(entry):
    if isinstance(entry, tuple):
        return entry[1], entry[0]
    return f"{entry.__module__}.{entry.__qualname__}", entry


def add_safe_globals(safe_globals):
    """Lets weights_only loads use these classes and functions."""
    _user_safe_globals.extend(safe_globals)


def get_safe_globals():
    return list(_user_safe_globals)


def clear_safe_globals():
    del _user_safe_globals[:]


class safe_globals:
    """A context manager that allows these globals while it is active."""

    def __init__(self, safe_globals):
        self.safe_globals = safe_globals

    def __enter__(self):
        self._before = list(_user_safe_globals)
        add_safe_globals(self.safe_globals)

    def __exit__(self, exc_type, exc_value, tb):
        _user_safe_globals[:] = self._before
        return False


def _weights_only_message(message):
    """2.14's wording of a weights-only refusal around the unpickler's message."""
    if "was not an allowed global by default." in message:
        return ("Weights only load failed. This file can still be loaded, to do so you have two options, "
                "\033[1mdo those steps only if you trust the source of the checkpoint\033[0m. "
                f"\n\t(1) {UNSAFE_MESSAGE}\n\t(2) Alternatively, to load with `weights_only=True` please check "
                "the recommended steps in the following error message.\n\tWeightsUnpickler error: "
                + message + _DOCS_MESSAGE)
    return (f"Weights only load failed. {UNSAFE_MESSAGE}\n"
            "Please file an issue with the following so that we can make "
            "`weights_only=True` compatible with your use case: WeightsUnpickler error: "
            "\n\n" + message + _DOCS_MESSAGE)


def _path_or_stream(f, needs):
    """A path as a str (os.PathLike objects through __fspath__), or the file
    object itself, which must have the method `needs` ("write" or "read")."""
    if isinstance(f, str):
        return f
    fspath = getattr(f, "__fspath__", None)
    if fspath is not None:
        return fspath()
    if needs == "write" and not hasattr(f, "write"):
        raise AttributeError(f"expected 'f' to be string, path, or a file-like object with a 'write' attribute")
    return f


def _check_parent_directory(path):
    parent = _os.path.dirname(path)
    if parent != "" and not _os.path.isdir(parent):
        raise RuntimeError(f"Parent directory {parent} does not exist.")


def save(obj, f, pickle_module=None, pickle_protocol=DEFAULT_PROTOCOL,
         _use_new_zipfile_serialization=True, _disable_byteorder_record=False):
    """Saves obj to the file f in PyTorch's zip format (pickle protocol 2)."""
    f = _path_or_stream(f, "write")
    if isinstance(f, str):
        _check_parent_directory(f)
    _serialization._save(obj, f)


def default_restore_location(storage, location):
    """Places a loaded storage on the device its location tag names."""
    if location == "cpu" or location.startswith("cpu:"):
        return storage
    if location == "meta":
        return _serialization._storage_to_meta(storage)
    if location.startswith("cuda"):
        if not torch.cuda.is_available():
            raise RuntimeError(
                "Attempting to deserialize object on a CUDA "
                "device but torch.cuda.is_available() is False. "
                "If you are running on a CPU-only machine, "
                "please use torch.load with map_location=torch.device('cpu') "
                "to map your storages to the CPU.")
    raise RuntimeError(f"don't know how to restore data location of torch.storage.UntypedStorage "
                       f"(tagged with {location})")


def _get_restore_location(map_location):
    if map_location is None:
        return default_restore_location
    if isinstance(map_location, dict):
        def restore_location(storage, location):
            return default_restore_location(storage, map_location.get(location, location))
        return restore_location
    if isinstance(map_location, str):
        def restore_location(storage, location):
            return default_restore_location(storage, map_location)
        return restore_location
    if isinstance(map_location, torch.device):
        def restore_location(storage, location):
            return default_restore_location(storage, str(map_location))
        return restore_location

    def restore_location(storage, location):
        result = map_location(storage, location)
        if result is None:
            result = default_restore_location(storage, location)
        return result
    return restore_location


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """Loads an object torch.save wrote (by refc or by PyTorch)."""
    weights_only_not_set = weights_only is None
    if weights_only_not_set:
        weights_only = pickle_module is None
    true_values = ["1", "y", "yes", "true"]
    force_weights_only = _os.environ.get("TORCH_FORCE_WEIGHTS_ONLY_LOAD", "0").lower() in true_values
    force_no_weights_only = _os.environ.get("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "0").lower() in true_values
    if force_weights_only and force_no_weights_only:
        raise RuntimeError(
            "Only one of `TORCH_FORCE_WEIGHTS_ONLY_LOAD` or `TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD` "
            "should be set, but both were set.")
    if force_weights_only:
        weights_only = True
    elif force_no_weights_only and weights_only_not_set:
        _warnings.warn(
            "Environment variable TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD detected, since the"
            "`weights_only` argument was not explicitly passed to `torch.load`, forcing weights_only=False.",
            UserWarning, stacklevel=2)
        weights_only = False
    if weights_only and pickle_module is not None:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is specified")
    path = _path_or_stream(f, "read")
    if mmap and not isinstance(path, str):
        raise ValueError("f must be a file path in order to use the mmap argument")
    restore_location = _get_restore_location(map_location)
    if not weights_only:
        return _serialization._load(path, restore_location, False)
    try:
        allowed = dict(_safe_global_name(g) for g in _user_safe_globals)
        return _serialization._load(path, restore_location, True, allowed)
    except UnpicklingError as e:
        raise UnpicklingError(_weights_only_message(str(e))) from None
