"""copy for refc: shallow and deep copy operations.

Written in refc's Python subset after CPython 3.11's Lib/copy.py. refc has no
pickle protocol (__reduce_ex__), so the cases CPython reaches through it are
handled directly, with the same outcome: instances of user classes are
recreated with cls.__new__(cls) and given a (deep) copy of their __dict__
(or __getstate__/__setstate__ when the class defines them); dict, tuple and
deque subclasses (OrderedDict, defaultdict, Counter, namedtuple classes) keep
their type. __copy__ and __deepcopy__ are honoured first, as in CPython.
"""

# deque from the native module: collections itself imports copy (UserDict).
from _collections import deque as _deque


class Error(Exception):
    pass


error = Error


def _function():
    pass


def _generator():
    yield


_atomic_types = {
    type(None), type(Ellipsis), type(NotImplemented), int, float, bool, str, bytes,
    type, range, type(_function), type(len), property,
}


def copy(x):
    """Shallow copy operation on arbitrary Python objects."""
    cls = type(x)
    if cls in _atomic_types or cls is tuple or cls is frozenset:
        return x
    if cls is list or cls is dict or cls is set or cls is bytearray:
        return x.copy()
    if issubclass(cls, type):
        return x
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    if isinstance(x, dict):
        return x.copy()
    if isinstance(x, tuple):
        return x
    if isinstance(x, BaseException):
        y = cls(*x.args)
        y.__dict__.update(x.__dict__)
        return y
    return _reconstruct(x, None)


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy operation on arbitrary Python objects."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _atomic_types or issubclass(cls, type):
        y = x
    elif cls is list:
        y = []
        memo[d] = y
        append = y.append
        for a in x:
            append(deepcopy(a, memo))
    elif cls is tuple:
        y = _deepcopy_tuple(x, memo)
    elif cls is bytearray:
        y = x.copy()
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is set or cls is frozenset:
        # Sets go through __reduce_ex__ in CPython: a new set of copied items.
        items = [deepcopy(a, memo) for a in x]
        y = memo.get(d, _nil)
        if y is _nil:
            y = cls(items)
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        elif isinstance(x, dict):
            y = x.copy()
            y.clear()
            memo[d] = y
            for key, value in x.items():
                y[deepcopy(key, memo)] = deepcopy(value, memo)
        elif isinstance(x, tuple):
            items = [deepcopy(a, memo) for a in x]
            y = memo.get(d, _nil)
            if y is _nil:
                y = cls._make(items) if hasattr(cls, "_make") else tuple(items)
        elif isinstance(x, _deque):
            y = cls([], x.maxlen)
            memo[d] = y
            for a in x:
                y.append(deepcopy(a, memo))
        elif isinstance(x, BaseException):
            y = cls(*deepcopy(x.args, memo))
            memo[d] = y
            y.__dict__.update(deepcopy(x.__dict__, memo))
        else:
            y = _reconstruct(x, memo)
    # If is its own copy, don't memoize.
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)  # Make sure x lives at least as long as d
    return y


def _deepcopy_tuple(x, memo):
    y = [deepcopy(a, memo) for a in x]
    # A recursive tuple may have been copied while copying its items.
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for k, j in zip(x, y):
        if k is not j:
            return tuple(y)
    return x


def _keep_alive(x, memo):
    """Keeps a reference to x in the memo, so its id is not reused while the
    memo (keyed by id) is alive."""
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct(x, memo):
    """Copies an instance the way CPython's copyreg.__reduce_ex__(4) and
    copy._reconstruct do: a new object from cls.__new__(cls), then the state."""
    deep = memo is not None
    cls = type(x)
    try:
        x.__dict__
    except AttributeError:
        raise TypeError(f"cannot pickle '{cls.__name__}' object") from None
    getstate = getattr(cls, "__getstate__", None)
    if getstate is not None:
        state = getstate(x)
    else:
        state = x.__dict__ or None
    y = cls.__new__(cls)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        setstate = getattr(y, "__setstate__", None)
        if setstate is not None:
            setstate(state)
        else:
            y.__dict__.update(state)
    return y
