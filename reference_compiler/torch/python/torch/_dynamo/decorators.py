"""Markers the tracer recognises in traced code."""


def graph_break(msg=""):
    """Traced: ends the graph here and resumes after it. Eager: does nothing."""


def skip_frame(msg=""):
    """Traced: runs the whole frame eagerly. Eager: does nothing."""


class _DimRange:
    """A dimension's mark_dynamic(min=, max=) bounds (None: unbounded)."""

    def __init__(self, dim, min, max):
        self.dim = dim
        self.min = min
        self.max = max

    def __repr__(self):
        return f"_DimRange(dim={self.dim}, min={self.min}, max={self.max})"


def _each_index(index, mark):
    if isinstance(index, int):
        mark(index)
        return
    if not isinstance(index, (list, tuple)):
        raise AssertionError(f"Expected index to be int, list, or tuple, got {type(index)}")
    for i in index:
        mark(i)


def _marked_set(t, name):
    if not hasattr(t, name):
        setattr(t, name, set())
    return getattr(t, name)


def mark_dynamic(t, index, *, hint_override=None, min=None, max=None, specialize_on=None):
    """Marks dimension(s) of t dynamic: the first compile gives them symbols, and
    a trace that specializes one raises ConstraintViolationError."""
    def mark(i):
        _marked_set(t, '_dynamo_dynamic_indices').add(i)
        _marked_set(t, '_dynamo_dynamic_range').add(_DimRange(i, min, max))
    _each_index(index, mark)


def maybe_mark_dynamic(t, index):
    """Marks dimension(s) of t dynamic without enforcing it: specializing is allowed."""
    _each_index(index, lambda i: _marked_set(t, '_dynamo_weak_dynamic_indices').add(i))


def mark_static(t, index=None):
    """Marks dimension(s) of t static (all of them when index is None), even under dynamic=True."""
    if index is None:
        index = list(range(t.dim()))
    _each_index(index, lambda i: _marked_set(t, '_dynamo_static_indices').add(i))


def mark_unbacked(t, index, hint_override=None, strict=False, specialize_on=None, shape_id=None, min=None,
                  max=None):
    """Marks dimension(s) of t unbacked: a symbol with no value to specialize on."""
    name = '_dynamo_strict_unbacked_indices' if strict else '_dynamo_unbacked_indices'
    _each_index(index, lambda i: _marked_set(t, name).add(i))
