"""typing for refc: the names programs use in annotations.

Written in refc's Python subset after CPython 3.11's Lib/typing.py, keeping
its reprs ("typing.Optional[int]", "typing.Callable[[int], str]", "~T"),
equality, isinstance checks, __origin__/__args__ and error messages for
every name of its __all__: Any (a class, through _AnyMeta), the special
forms (Union, Optional, Literal, ClassVar, Final, Annotated, Concatenate,
...), the generic aliases of the built-in and abstract collection types
(List, Dict, Sequence, Callable, ...), TypeVar, ParamSpec, Generic
(subclassed through PEP 560's __mro_entries__), Protocol (through
_ProtocolMeta), NamedTuple (the class form through NamedTupleMeta, and the
functional form), TypedDict (through _TypedDictMeta; refc's TypedDict
classes derive from object rather than dict, their instances are plain
dicts as in CPython), cast, overload, no_type_check and get_type_hints.

The abstract aliases (Sequence, Mapping, Iterable, ...) have the classes
of collections.abc as their __origin__. Annotations given as strings become
ForwardRef objects; refc has no eval, so get_type_hints evaluates their text
with a small parser of annotation expressions (names, attributes,
subscripts, literals, X | Y) against the owner's module globals.
"""

import collections
import collections.abc
import contextlib
import sys
from abc import ABCMeta, abstractmethod

TYPE_CHECKING = False

_NoneType = type(None)


def _type_repr(obj):
    """The repr of a type as typing shows it inside an alias."""
    if isinstance(obj, type) and type(obj).__name__ != 'GenericAlias':
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return obj.__module__ + '.' + obj.__qualname__
    if obj is ...:
        return '...'
    if type(obj).__name__ == 'function':
        return obj.__name__
    return repr(obj)


class ForwardRef:
    """An annotation written as a string, resolved lazily."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError(f"Forward reference must be a string -- got {arg!r}")
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return (self.__forward_arg__ == other.__forward_arg__ and
                self.__forward_module__ == other.__forward_module__)

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __repr__(self):
        if self.__forward_module__ is None:
            module_repr = ''
        else:
            module_repr = f', module={self.__forward_module__!r}'
        return f'ForwardRef({self.__forward_arg__!r}{module_repr})'


def _type_convert(arg, module=None, *, allow_special_forms=False):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg, module=module, is_class=allow_special_forms)
    return arg


def _type_check(arg, msg, is_argument=True, module=None, *, allow_special_forms=False):
    """Check that arg is a type (None and strings are converted) and return it."""
    invalid_generic_forms = (Generic, Protocol)
    if not allow_special_forms:
        invalid_generic_forms += (ClassVar,)
        if is_argument:
            invalid_generic_forms += (Final,)
    arg = _type_convert(arg, module=module, allow_special_forms=allow_special_forms)
    if isinstance(arg, _GenericAlias) and arg.__origin__ in invalid_generic_forms:
        raise TypeError(f"{arg} is not valid as type argument")
    if arg is Any or arg is NoReturn or arg is Never or arg is Self or arg is TypeAlias:
        return arg
    if allow_special_forms and (arg is ClassVar or arg is Final):
        return arg
    if isinstance(arg, _SpecialForm) or arg is Generic or arg is Protocol:
        raise TypeError(f"Plain {arg} is not valid as type argument")
    if type(arg) is tuple:
        raise TypeError(f"{msg} Got {arg!r:.100}.")
    return arg


def _deduplicate(params):
    if len(params) < 2:
        return params
    new_params = []
    for p in params:
        if p not in new_params:
            new_params.append(p)
    return new_params


def _remove_dups_flatten(parameters):
    params = []
    for p in parameters:
        if isinstance(p, _UnionGenericAlias):
            params.extend(p.__args__)
        else:
            params.append(p)
    return tuple(_deduplicate(params))


def _check_generic(cls, parameters, elen):
    if not elen:
        raise TypeError(f"{cls} is not a generic class")
    alen = len(parameters)
    if alen != elen:
        raise TypeError(f"Too {'many' if alen > elen else 'few'} arguments for {cls};"
                        f" actual {alen}, expected {elen}")


def _collect_parameters(args):
    """The TypeVars in args, in order of first appearance."""
    parameters = []
    for t in args:
        if isinstance(t, (TypeVar, ParamSpec, TypeVarTuple)):
            if t not in parameters:
                parameters.append(t)
        else:
            for x in getattr(t, '__parameters__', ()):
                if x not in parameters:
                    parameters.append(x)
    return tuple(parameters)


def _is_param_expr(arg):
    return (arg is ... or isinstance(arg, (tuple, list, ParamSpec)) or
            isinstance(arg, _ConcatenateGenericAlias))


# ---- special forms -------------------------------------------------------------

class _SpecialForm:
    """A typing construct such as Union or ClassVar: subscripted, never called."""

    def __init__(self, getitem, name, doc=''):
        self._getitem = getitem
        self._name = name
        self.__doc__ = doc

    def __getattr__(self, item):
        if item == '__name__' or item == '__qualname__':
            return self._name
        raise AttributeError(item)

    def __repr__(self):
        return 'typing.' + self._name

    def __call__(self, *args, **kwds):
        raise TypeError(f"Cannot instantiate {self!r}")

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __getitem__(self, parameters):
        return self._getitem(self, parameters)

    def __mro_entries__(self, bases):
        raise TypeError(f"Cannot subclass {self!r}")

    def __instancecheck__(self, obj):
        raise TypeError(f"{self} cannot be used with isinstance()")

    def __subclasscheck__(self, cls):
        raise TypeError(f"{self} cannot be used with issubclass()")


def _any_getitem(self, parameters):
    raise TypeError(f"{self} is not subscriptable")


def _classvar_getitem(self, parameters):
    item = _type_check(parameters, f'{self} accepts only single type.')
    return _GenericAlias(self, (item,))


def _final_getitem(self, parameters):
    item = _type_check(parameters, f'{self} accepts only single type.')
    return _GenericAlias(self, (item,))


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError("Cannot take a Union of no types.")
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    msg = "Union[arg, ...]: each arg must be a type."
    parameters = tuple([_type_check(p, msg) for p in parameters])
    parameters = _remove_dups_flatten(parameters)
    if len(parameters) == 1:
        return parameters[0]
    if len(parameters) == 2 and _NoneType in parameters:
        return _UnionGenericAlias(self, parameters, name="Optional")
    return _UnionGenericAlias(self, parameters)


def _optional_getitem(self, parameters):
    arg = _type_check(parameters, f"{self} requires a single type.")
    return Union[arg, _NoneType]


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    params = []
    for p in parameters:
        if isinstance(p, _LiteralGenericAlias):
            params.extend(p.__args__)
        else:
            params.append(p)
    unique = []
    for p in params:
        if not any(type(p) is type(q) and p == q for q in unique):
            unique.append(p)
    return _LiteralGenericAlias(self, tuple(unique))


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError("typing.Any cannot be used with isinstance()")
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return "typing.Any"
        return super().__repr__()


class Any(metaclass=_AnyMeta):
    """The type every type is compatible with; subclassing it is allowed."""

    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError("Any cannot be instantiated")
        return super().__new__(cls, *args, **kwargs)


def _single_type_getitem(self, parameters):
    item = _type_check(parameters, f'{self} accepts only single type.')
    return _GenericAlias(self, (item,))


def _typed_dict_key_getitem(self, parameters):
    item = _type_check(parameters, f'{self._name} accepts only a single type.')
    return _GenericAlias(self, (item,))


def _unpack_getitem(self, parameters):
    item = _type_check(parameters, f'{self} accepts only single type.')
    return _UnpackGenericAlias(self, (item,))


def _concatenate_getitem(self, parameters):
    if parameters == ():
        raise TypeError("Cannot take a Concatenate of no types.")
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    if not (parameters[-1] is ... or isinstance(parameters[-1], ParamSpec)):
        raise TypeError("The last parameter to Concatenate should be a "
                        "ParamSpec variable or ellipsis.")
    msg = "Concatenate[arg, ...]: each arg must be a type."
    parameters = (*(_type_check(p, msg) for p in parameters[:-1]), parameters[-1])
    return _ConcatenateGenericAlias(self, parameters)


NoReturn = _SpecialForm(_any_getitem, 'NoReturn')
Never = _SpecialForm(_any_getitem, 'Never')
Self = _SpecialForm(_any_getitem, 'Self')
LiteralString = _SpecialForm(_any_getitem, 'LiteralString')
TypeAlias = _SpecialForm(_any_getitem, 'TypeAlias')
ClassVar = _SpecialForm(_classvar_getitem, 'ClassVar')
Final = _SpecialForm(_final_getitem, 'Final')
Union = _SpecialForm(_union_getitem, 'Union')
Optional = _SpecialForm(_optional_getitem, 'Optional')
Literal = _SpecialForm(_literal_getitem, 'Literal')
TypeGuard = _SpecialForm(_single_type_getitem, 'TypeGuard')
Required = _SpecialForm(_typed_dict_key_getitem, 'Required')
NotRequired = _SpecialForm(_typed_dict_key_getitem, 'NotRequired')
Unpack = _SpecialForm(_unpack_getitem, 'Unpack')
Concatenate = _SpecialForm(_concatenate_getitem, 'Concatenate')


# ---- aliases -------------------------------------------------------------------

class _GenericAlias:
    """A subscripted generic: List[int], Union[int, str], Stack[T], ...

    Equal aliases have the same origin and arguments; calling one makes an
    instance of the origin (recording itself as __orig_class__).
    """

    def __init__(self, origin, args, *, inst=True, name=None):
        self._inst = inst
        self._name = name
        self.__origin__ = origin
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple([... if a is _TypingEllipsis else a for a in args])
        self.__parameters__ = _collect_parameters(args)

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f"Type {self._name} cannot be instantiated; "
                            f"use {self.__origin__.__name__}() instead")
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except AttributeError:
            pass
        return result

    def __getattr__(self, attr):
        if attr == '__name__' or attr == '__qualname__':
            return self._name or self.__origin__.__name__
        if attr.startswith('__') and attr.endswith('__'):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __getitem__(self, args):
        if self.__origin__ is Generic or self.__origin__ is Protocol:
            raise TypeError(f"Cannot subscript already-subscripted {self}")
        if not self.__parameters__:
            raise TypeError(f"{self} is not a generic class")
        if not isinstance(args, tuple):
            args = (args,)
        args = tuple([_type_convert(p) for p in args])
        _check_generic(self, args, len(self.__parameters__))
        subst = dict(zip(self.__parameters__, args))
        new_args = []
        for arg in self.__args__:
            if isinstance(arg, TypeVar):
                new_args.append(subst[arg])
            elif isinstance(arg, _GenericAlias) and arg.__parameters__:
                new_args.append(arg[tuple([subst[x] for x in arg.__parameters__])])
            else:
                new_args.append(arg)
        return self.copy_with(tuple(new_args))

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, name=self._name, inst=self._inst)

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ", ".join([_type_repr(a) for a in self.__args__])
        else:
            args = "()"
        return f'{name}[{args}]'

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, _SpecialForm):
            raise TypeError(f"Cannot subclass {self!r}")
        if self.__origin__ is Generic:
            if Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _GenericAlias) and b is not self:
                    return ()
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with"
                        " class and instance checks")


class _TypingEllipsis:
    """Internal placeholder for ... in Tuple[int, ...] and Callable[..., T]."""


class _UnionGenericAlias(_GenericAlias):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if issubclass(cls, arg):
                return True
        return False

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return f'typing.Optional[{_type_repr(args[1])}]'
            elif args[1] is _NoneType:
                return f'typing.Optional[{_type_repr(args[0])}]'
        return 'typing.Union[' + ", ".join([_type_repr(a) for a in args]) + ']'


class _LiteralGenericAlias(_GenericAlias):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))


class _ConcatenateGenericAlias(_GenericAlias):
    def copy_with(self, params):
        return _ConcatenateGenericAlias(self.__origin__, params)


class _UnpackGenericAlias(_GenericAlias):
    def __repr__(self):
        return '*' + repr(self.__args__[0])


class _AnnotatedAlias(_GenericAlias):
    """Annotated[T, x, ...]: T carrying metadata."""

    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        _GenericAlias.__init__(self, origin, (origin,))
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return "typing.Annotated[{}, {}]".format(
            _type_repr(self.__origin__),
            ", ".join(repr(a) for a in self.__metadata__))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__
                and self.__metadata__ == other.__metadata__)

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))


class Annotated:
    """Annotated[T, x]: type T with the metadata x."""

    def __init__(self, *args, **kwargs):
        raise TypeError("Type Annotated cannot be instantiated.")

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError("Annotated[...] should be used "
                            "with at least two arguments (a type and an "
                            "annotation).")
        msg = "Annotated[t, ...]: t must be a type."
        origin = _type_check(params[0], msg, allow_special_forms=True)
        return _AnnotatedAlias(origin, tuple(params[1:]))


class _SpecialGenericAlias:
    """An unsubscripted alias of a collection type: List, Dict, Sequence, ..."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        self.__origin__ = origin
        self._nparams = nparams
        self._inst = inst
        self._name = name if name is not None else origin.__name__

    def __getattr__(self, attr):
        if attr == '__name__' or attr == '__qualname__':
            return self._name
        if attr.startswith('__') and attr.endswith('__'):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __repr__(self):
        return 'typing.' + self._name

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f"Type {self._name} cannot be instantiated; "
                            f"use {self.__origin__.__name__}() instead")
        return self.__origin__(*args, **kwargs)

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = "Parameters to generic types must be types."
        params = tuple([_type_check(p, msg) for p in params])
        _check_generic(self, params, self._nparams)
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if not isinstance(cls, _GenericAlias):
            return issubclass(cls, self.__origin__)
        raise TypeError("Subscripted generics cannot be used with"
                        " class and instance checks")


class _CallableGenericAlias(_GenericAlias):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and _is_param_expr(args[0]):
            return _GenericAlias.__repr__(self)
        return ('typing.Callable['
                f'[{", ".join([_type_repr(a) for a in args[:-1]])}], '
                f'{_type_repr(args[-1])}]')

    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params,
                                     name=self._name, inst=self._inst)


class _CallableType(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError("Callable must be used as "
                            "Callable[[arg, ...], result].")
        args, result = params
        result = _type_check(result, "Callable[args, result]: result must be a type.")
        if args is ...:
            return _CallableGenericAlias(self.__origin__, (_TypingEllipsis, result),
                                         name=self._name, inst=self._inst)
        if isinstance(args, list):
            args = tuple(args)
        elif isinstance(args, (ParamSpec, _ConcatenateGenericAlias)):
            return _CallableGenericAlias(self.__origin__, (args, result),
                                         name=self._name, inst=self._inst)
        elif not isinstance(args, tuple):
            args = (args,)
        args = tuple([_type_convert(arg) for arg in args])
        return _CallableGenericAlias(self.__origin__, args + (result,),
                                     name=self._name, inst=self._inst)


class _TupleType(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is ...:
            msg = "Tuple[t, ...]: t must be a type."
            params = tuple([_type_check(p, msg) for p in params[:-1]])
            return _GenericAlias(tuple, params + (_TypingEllipsis,),
                                 name=self._name, inst=self._inst)
        msg = "Tuple[t0, t1, ...]: each t must be a type."
        params = tuple([_type_check(p, msg) for p in params])
        return _GenericAlias(tuple, params, name=self._name, inst=self._inst)


List = _SpecialGenericAlias(list, 1, inst=False, name='List')
Dict = _SpecialGenericAlias(dict, 2, inst=False, name='Dict')
Set = _SpecialGenericAlias(set, 1, inst=False, name='Set')
FrozenSet = _SpecialGenericAlias(frozenset, 1, inst=False, name='FrozenSet')
Tuple = _TupleType(tuple, -1, inst=False, name='Tuple')
Type = _SpecialGenericAlias(type, 1, inst=False, name='Type')
DefaultDict = _SpecialGenericAlias(collections.defaultdict, 2, name='DefaultDict')
OrderedDict = _SpecialGenericAlias(collections.OrderedDict, 2)
Deque = _SpecialGenericAlias(collections.deque, 1, name='Deque')
Counter = _SpecialGenericAlias(collections.Counter, 1)
Callable = _CallableType(collections.abc.Callable, 2)
Sequence = _SpecialGenericAlias(collections.abc.Sequence, 1)
MutableSequence = _SpecialGenericAlias(collections.abc.MutableSequence, 1)
Mapping = _SpecialGenericAlias(collections.abc.Mapping, 2)
MutableMapping = _SpecialGenericAlias(collections.abc.MutableMapping, 2)
AbstractSet = _SpecialGenericAlias(collections.abc.Set, 1, name='AbstractSet')
MutableSet = _SpecialGenericAlias(collections.abc.MutableSet, 1)
Iterable = _SpecialGenericAlias(collections.abc.Iterable, 1)
Iterator = _SpecialGenericAlias(collections.abc.Iterator, 1)
Generator = _SpecialGenericAlias(collections.abc.Generator, 3)
Collection = _SpecialGenericAlias(collections.abc.Collection, 1)
Container = _SpecialGenericAlias(collections.abc.Container, 1)
Hashable = _SpecialGenericAlias(collections.abc.Hashable, 0)
Sized = _SpecialGenericAlias(collections.abc.Sized, 0)
Reversible = _SpecialGenericAlias(collections.abc.Reversible, 1)
KeysView = _SpecialGenericAlias(collections.abc.KeysView, 1)
ItemsView = _SpecialGenericAlias(collections.abc.ItemsView, 2)
ValuesView = _SpecialGenericAlias(collections.abc.ValuesView, 1)
Awaitable = _SpecialGenericAlias(collections.abc.Awaitable, 1)
Coroutine = _SpecialGenericAlias(collections.abc.Coroutine, 3)
AsyncIterable = _SpecialGenericAlias(collections.abc.AsyncIterable, 1)
AsyncIterator = _SpecialGenericAlias(collections.abc.AsyncIterator, 1)
AsyncGenerator = _SpecialGenericAlias(collections.abc.AsyncGenerator, 2)
MappingView = _SpecialGenericAlias(collections.abc.MappingView, 1)
ByteString = _SpecialGenericAlias(collections.abc.ByteString, 0)
ContextManager = _SpecialGenericAlias(contextlib.AbstractContextManager, 1,
                                      name='ContextManager')
AsyncContextManager = _SpecialGenericAlias(
    type('AbstractAsyncContextManager', (), {'__module__': 'contextlib'}), 1,
    name='AsyncContextManager')
ChainMap = _SpecialGenericAlias(collections.ChainMap, 2)
Pattern = _SpecialGenericAlias(type('Pattern', (), {'__module__': 're'}), 1)
Match = _SpecialGenericAlias(type('Match', (), {'__module__': 're'}), 1)
Text = str


# ---- type variables and user generics ------------------------------------------

class TypeVar:
    """A type variable: T = TypeVar('T'), shown as ~T (+T covariant, -T contravariant)."""

    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if constraints and bound is not None:
            raise TypeError("Constraints cannot be combined with bound=...")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        msg = "TypeVar(name, constraint, ...): constraints must be types."
        self.__constraints__ = tuple([_type_check(t, msg) for t in constraints])
        if bound is not None:
            self.__bound__ = _type_check(bound, "Bound must be a type.")
        else:
            self.__bound__ = None

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__


class ParamSpecArgs:
    """P.args: the positional arguments of ParamSpec P."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f"{self.__origin__.__name__}.args"

    def __eq__(self, other):
        if not isinstance(other, ParamSpecArgs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash(('args', id(self.__origin__)))


class ParamSpecKwargs:
    """P.kwargs: the keyword arguments of ParamSpec P."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f"{self.__origin__.__name__}.kwargs"

    def __eq__(self, other):
        if not isinstance(other, ParamSpecKwargs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash(('kwargs', id(self.__origin__)))


class ParamSpec:
    """A parameter specification variable: P = ParamSpec('P'), shown as ~P."""

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if bound:
            self.__bound__ = _type_check(bound, 'Bound must be a type.')
        else:
            self.__bound__ = None

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]


class TypeVarTuple:
    """A variadic type variable: Ts = TypeVarTuple('Ts'), used as *Ts or Unpack[Ts]."""

    def __init__(self, name):
        self.__name__ = name

    def __iter__(self):
        yield Unpack[self]

    def __repr__(self):
        return self.__name__


class Generic:
    """The base of user generic classes: class Stack(Generic[T])."""

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        params = tuple([_type_convert(p) for p in params])
        if cls is Generic or cls is Protocol:
            if not params:
                raise TypeError(f"Parameter list to {cls.__qualname__}[...] cannot be empty")
            if not all(isinstance(p, (TypeVar, ParamSpec)) for p in params):
                raise TypeError(f"Parameters to {cls.__name__}[...] must all be type variables "
                                f"or parameter specification variables.")
            if len(set(params)) != len(params):
                raise TypeError(f"Parameters to {cls.__name__}[...] must all be unique")
        else:
            _check_generic(cls, params, len(cls.__parameters__))
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        tvars = []
        if '__orig_bases__' in cls.__dict__:
            error = Generic in cls.__orig_bases__
        else:
            error = Generic in cls.__bases__ and cls.__name__ != 'Protocol'
        if error:
            raise TypeError("Cannot inherit from plain Generic")
        if '__orig_bases__' in cls.__dict__:
            tvars = list(_collect_parameters(cls.__orig_bases__))
            gvars = None
            for base in cls.__orig_bases__:
                if isinstance(base, _GenericAlias) and (base.__origin__ is Generic or
                                                        base.__origin__ is Protocol):
                    if gvars is not None:
                        raise TypeError("Cannot inherit from Generic[...] multiple types.")
                    gvars = base.__parameters__
            if gvars is not None:
                missing = [t for t in tvars if t not in gvars]
                if missing:
                    s_vars = ', '.join(str(t) for t in missing)
                    s_args = ', '.join(str(g) for g in gvars)
                    raise TypeError(f"Some type variables ({s_vars}) are"
                                    f" not listed in Generic[{s_args}]")
                tvars = list(gvars)
        cls.__parameters__ = tuple(tvars)


Generic.__parameters__ = ()


_TYPING_INTERNALS = ['__parameters__', '__orig_bases__', '__orig_class__',
                     '_is_protocol', '_is_runtime_protocol']
_SPECIAL_NAMES = ['__abstractmethods__', '__annotations__', '__dict__', '__doc__',
                  '__init__', '__module__', '__new__', '__slots__',
                  '__subclasshook__', '__weakref__', '__class_getitem__',
                  '__qualname__', '__init_subclass__']
EXCLUDED_ATTRIBUTES = _TYPING_INTERNALS + _SPECIAL_NAMES + ['_MutableMapping__marker']


def _get_protocol_attrs(cls):
    """The members a protocol class asks of its instances."""
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for attr in list(base.__dict__.keys()) + list(annotations.keys()):
            if not attr.startswith('_abc_') and attr not in EXCLUDED_ATTRIBUTES:
                attrs.add(attr)
    return attrs


def _is_callable_members_only(cls):
    return all(callable(getattr(cls, attr, None)) for attr in _get_protocol_attrs(cls))


class _ProtocolMeta(ABCMeta):
    """Instance checks of runtime-checkable protocols look for their members."""

    def __instancecheck__(cls, instance):
        if (getattr(cls, '_is_protocol', False) and
                not getattr(cls, '_is_runtime_protocol', False)):
            raise TypeError("Instance and class checks can only be used with"
                            " @runtime_checkable protocols")
        if ((not getattr(cls, '_is_protocol', False) or _is_callable_members_only(cls)) and
                issubclass(instance.__class__, cls)):
            return True
        if cls._is_protocol:
            if all(hasattr(instance, attr) and
                   (not callable(getattr(cls, attr, None)) or
                    getattr(instance, attr) is not None)
                   for attr in _get_protocol_attrs(cls)):
                return True
        return super().__instancecheck__(instance)


def _no_init_or_replace_init(self, *args, **kwargs):
    cls = type(self)
    if cls._is_protocol:
        raise TypeError('Protocols cannot be instantiated')
    if cls.__init__ is not _no_init_or_replace_init:
        return
    for base in cls.__mro__:
        init = base.__dict__.get('__init__', _no_init_or_replace_init)
        if init is not _no_init_or_replace_init:
            cls.__init__ = init
            break
    else:
        cls.__init__ = object.__init__
    cls.__init__(self, *args, **kwargs)


class Protocol(Generic, metaclass=_ProtocolMeta):
    """The base of structural types: class SupportsClose(Protocol)."""

    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if cls.__init__ is Protocol.__init__:
            cls.__init__ = _no_init_or_replace_init


def runtime_checkable(cls):
    """Marks a protocol class as usable with isinstance()."""
    if not isinstance(cls, _ProtocolMeta) or not cls._is_protocol:
        raise TypeError('@runtime_checkable can be only applied to protocol classes,'
                        ' got %r' % cls)
    cls._is_runtime_protocol = True
    return cls


def _protocol(name, method, nparams=0):
    """A runtime-checkable protocol with one abstract method (SupportsInt, ...)."""
    def member(self):
        pass
    member.__name__ = method
    member.__qualname__ = name + '.' + method
    cls = _ProtocolMeta(name, (Protocol,), {'__module__': 'typing', method: abstractmethod(member)})
    return runtime_checkable(cls)


SupportsInt = _protocol('SupportsInt', '__int__')
SupportsFloat = _protocol('SupportsFloat', '__float__')
SupportsComplex = _protocol('SupportsComplex', '__complex__')
SupportsBytes = _protocol('SupportsBytes', '__bytes__')
SupportsIndex = _protocol('SupportsIndex', '__index__')
SupportsAbs = _protocol('SupportsAbs', '__abs__')
SupportsRound = _protocol('SupportsRound', '__round__')


AnyStr = TypeVar('AnyStr', bytes, str)


class IO(Generic[AnyStr]):
    """The generic type of file objects (what open() returns)."""

    mode = property(lambda self: None)
    name = property(lambda self: None)


class BinaryIO(IO[bytes]):
    """The type of binary file objects."""


class TextIO(IO[str]):
    """The type of text file objects."""


# ---- NamedTuple and TypedDict --------------------------------------------------

def _make_nmtuple(name, types, module, defaults=()):
    fields = [n for n, t in types]
    types = {n: _type_check(t, f"field {n} annotation must be a type") for n, t in types}
    nm_tpl = collections.namedtuple(name, fields, defaults=defaults, module=module)
    nm_tpl.__annotations__ = types
    return nm_tpl


_prohibited = frozenset({'__new__', '__init__', '__slots__', '__getnewargs__',
                         '_fields', '_field_defaults',
                         '_make', '_replace', '_asdict', '_source'})

_special = frozenset({'__module__', '__name__', '__annotations__'})


class NamedTupleMeta(type):
    """What `class P(NamedTuple)` runs: the body's annotations become the
    fields of a collections.namedtuple, its assignments their defaults and
    its other attributes (methods, docstring) the namedtuple's."""

    def __new__(cls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTuple and base is not Generic:
                raise TypeError('can only inherit from a NamedTuple type and Generic')
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} "
                                f"cannot follow default field"
                                f"{'s' if len(default_names) > 1 else ''} "
                                f"{', '.join(default_names)}")
        nm_tpl = _make_nmtuple(typename, types.items(),
                               defaults=[ns[n] for n in default_names],
                               module=ns['__module__'])
        if Generic in bases:
            nm_tpl.__class_getitem__ = classmethod(Generic.__class_getitem__.__func__)
        for key in ns:
            if key in _prohibited:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            elif key not in _special and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl


def NamedTuple(typename, fields=None, /, **kwargs):
    """Typed version of namedtuple: NamedTuple('P', [('x', int)]) or class P(NamedTuple)."""
    if fields is None:
        fields = kwargs.items()
    elif kwargs:
        raise TypeError("Either list of fields or keywords"
                        " can be provided to NamedTuple, not both")
    return _make_nmtuple(typename, fields, module=_caller_module())


_NamedTuple = type.__new__(NamedTupleMeta, 'NamedTuple', (), {})


def _namedtuple_mro_entries(bases):
    assert NamedTuple in bases
    return (_NamedTuple,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


def _caller_module():
    try:
        return sys._getframe(2).f_globals.get('__name__', '__main__')
    except (AttributeError, ValueError):
        return '__main__'


class _TypedDictMeta(type):
    """The metaclass of TypedDict classes: calling one makes a plain dict;
    the class records its keys' types and which keys are required."""

    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not Generic:
                raise TypeError('cannot inherit from both a TypedDict type '
                                'and a non-TypedDict base class')
        # CPython's TypedDict classes derive from dict; refc's cannot, and
        # their instances are plain dicts all the same.
        tp_dict = type.__new__(_TypedDictMeta, name, (), ns)
        annotations = {}
        own_annotations = ns.get('__annotations__', {})
        msg = "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type"
        own_annotations = {n: _type_check(tp, msg, module=tp_dict.__module__)
                           for n, tp in own_annotations.items()}
        required_keys = set()
        optional_keys = set()
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
            required_keys.update(base.__dict__.get('__required_keys__', ()))
            optional_keys.update(base.__dict__.get('__optional_keys__', ()))
        annotations.update(own_annotations)
        for annotation_key, annotation_type in own_annotations.items():
            annotation_origin = get_origin(annotation_type)
            if annotation_origin is Annotated:
                annotation_args = get_args(annotation_type)
                if annotation_args:
                    annotation_type = annotation_args[0]
                    annotation_origin = get_origin(annotation_type)
            if annotation_origin is Required:
                is_required = True
            elif annotation_origin is NotRequired:
                is_required = False
            else:
                is_required = total
            if is_required:
                required_keys.add(annotation_key)
            else:
                optional_keys.add(annotation_key)
        tp_dict.__annotations__ = annotations
        tp_dict.__required_keys__ = frozenset(required_keys)
        tp_dict.__optional_keys__ = frozenset(optional_keys)
        if '__total__' not in tp_dict.__dict__:
            tp_dict.__total__ = total
        return tp_dict

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    __instancecheck__ = __subclasscheck__


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    """A dict type with a fixed set of keys, each with a type (class or functional form)."""
    if fields is None:
        fields = kwargs
    elif kwargs:
        raise TypeError("TypedDict takes either a dict or keyword arguments,"
                        " but not both")
    ns = {'__annotations__': dict(fields), '__module__': _caller_module()}
    return _TypedDictMeta(typename, (), ns, total=total)


_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (), {})


def _typeddict_mro_entries(bases):
    return (_TypedDict,)


TypedDict.__mro_entries__ = _typeddict_mro_entries


def NewType(name, tp):
    """NewType('UserId', int): a callable returning its argument, for the checker."""
    def new_type(x):
        return x
    new_type.__name__ = name
    new_type.__qualname__ = name
    new_type.__supertype__ = tp
    return new_type


# ---- functions -----------------------------------------------------------------

def assert_type(val, typ, /):
    """Return val unchanged; tells the type checker it has type typ."""
    return val


_ASSERT_NEVER_REPR_MAX_LENGTH = 100


def assert_never(arg, /):
    """Marks code the type checker proves unreachable; raises if reached."""
    value = repr(arg)
    if len(value) > _ASSERT_NEVER_REPR_MAX_LENGTH:
        value = value[:_ASSERT_NEVER_REPR_MAX_LENGTH] + '...'
    raise AssertionError(f"Expected code to be unreachable, but got: {value}")


def reveal_type(obj, /):
    """Prints the run-time type of obj to stderr and returns obj."""
    print(f"Runtime type is {type(obj).__name__!r}", file=sys.stderr)
    return obj


def dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False,
                        field_specifiers=(), **kwargs):
    """Marks a decorator, base class or metaclass as making dataclass-like classes."""
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            "eq_default": eq_default,
            "order_default": order_default,
            "kw_only_default": kw_only_default,
            "field_specifiers": field_specifiers,
            "kwargs": kwargs,
        }
        return cls_or_fn
    return decorator


def is_typeddict(tp):
    """Whether tp is a TypedDict class."""
    return type(tp) is _TypedDictMeta


def cast(typ, val):
    """Return val unchanged; tells the type checker it has type typ."""
    return val


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed.")


# module -> qualname -> first line -> the @overload-decorated function
_overload_registry = collections.defaultdict(lambda: collections.defaultdict(dict))


def overload(func):
    """Marks one signature of an overloaded function; the stand-in raises if called."""
    f = getattr(func, "__func__", func)
    try:
        _overload_registry[f.__module__][f.__qualname__][f.__code__.co_firstlineno] = func
    except AttributeError:
        pass
    return _overload_dummy


def get_overloads(func):
    """The @overload signatures recorded for func, in definition order."""
    f = getattr(func, "__func__", func)
    if f.__module__ not in _overload_registry:
        return []
    mod_dict = _overload_registry[f.__module__]
    if f.__qualname__ not in mod_dict:
        return []
    return list(mod_dict[f.__qualname__].values())


def clear_overloads():
    """Forgets every recorded @overload signature."""
    _overload_registry.clear()


def final(f):
    """Marks a method or class final (for the type checker)."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    """Marks a function or class as not to be type-checked."""
    if isinstance(arg, type):
        for key in dir(arg):
            obj = getattr(arg, key)
            if (type(obj).__name__ == 'function' and
                    obj.__module__ == arg.__module__ and
                    obj.__qualname__.startswith(arg.__qualname__ + '.')):
                obj.__no_type_check__ = True
    try:
        arg.__no_type_check__ = True
    except TypeError:
        pass
    return arg


def no_type_check_decorator(decorator):
    return decorator


def get_origin(tp):
    """The unsubscripted form of an alias: get_origin(List[int]) is list."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        return tp.__origin__
    if type(tp).__name__ == 'GenericAlias':
        return tp.__origin__
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    """The arguments of an alias: get_args(Dict[str, int]) is (str, int)."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _GenericAlias):
        res = tp.__args__
        if isinstance(tp, _CallableGenericAlias) and not (len(res) == 2 and
                                                          _is_param_expr(res[0])):
            res = (list(res[:-1]), res[-1])
        return res
    if type(tp).__name__ == 'GenericAlias':
        return tp.__args__
    return ()


class _AnnotationParser:
    """Evaluates the annotation expressions strings hold: names, dotted
    attributes, subscripts, lists, None, ..., string and number literals and
    X | Y (what eval would do for them, without eval)."""

    def __init__(self, text, globalns):
        self.text = text
        self.pos = 0
        self.globalns = globalns

    def error(self):
        raise SyntaxError(f"Forward reference must be an expression -- got {self.text!r}")

    def skip_space(self):
        while self.pos < len(self.text) and self.text[self.pos] == ' ':
            self.pos += 1

    def peek(self):
        self.skip_space()
        return self.text[self.pos] if self.pos < len(self.text) else ''

    def take(self, c):
        if self.peek() != c:
            self.error()
        self.pos += 1

    def parse(self):
        value = self.union()
        if self.peek() != '':
            self.error()
        return value

    def union(self):
        value = self.primary()
        while self.peek() == '|':
            self.pos += 1
            value = value | self.primary()
        return value

    def sequence(self, close):
        items = []
        while self.peek() != close:
            items.append(self.union())
            if self.peek() == ',':
                self.pos += 1
            elif self.peek() != close:
                self.error()
        self.pos += 1
        return items

    def primary(self):
        c = self.peek()
        if c == '[':
            self.pos += 1
            return self.sequence(']')
        if c == '(':
            self.pos += 1
            return tuple(self.sequence(')'))
        if c == "'" or c == '"':
            end = self.text.index(c, self.pos + 1)
            value = self.text[self.pos + 1:end]
            self.pos = end + 1
            return value
        if self.text.startswith('...', self.pos):
            self.pos += 3
            return ...
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum() or
                                             self.text[self.pos] == '_'):
            self.pos += 1
        word = self.text[start:self.pos]
        if not word:
            self.error()
        if word.isdigit():
            return int(word)
        value = self.lookup(word)
        while True:
            c = self.peek()
            if c == '.':
                self.pos += 1
                start = self.pos
                while self.pos < len(self.text) and (self.text[self.pos].isalnum() or
                                                     self.text[self.pos] == '_'):
                    self.pos += 1
                value = getattr(value, self.text[start:self.pos])
            elif c == '[':
                self.pos += 1
                items = self.sequence(']')
                value = value[items[0] if len(items) == 1 else tuple(items)]
            else:
                return value

    def lookup(self, word):
        if word == 'None':
            return None
        if word == 'True':
            return True
        if word == 'False':
            return False
        if word in self.globalns:
            return self.globalns[word]
        builtins = sys.modules.get('builtins')
        if builtins is not None and hasattr(builtins, word):
            return getattr(builtins, word)
        raise NameError(f"name '{word}' is not defined")


def _resolve_forward(ref, globalns, include_extras=False):
    """The object a ForwardRef's text evaluates to in globalns."""
    if not isinstance(ref, ForwardRef):
        return ref
    value = _AnnotationParser(ref.__forward_arg__, globalns).parse()
    return _hint(value, globalns, include_extras)


def _hint(value, globalns, include_extras=False):
    value = _type_convert(value)
    value = _resolve_forward(value, globalns, include_extras)
    if isinstance(value, _AnnotatedAlias) and not include_extras:
        return value.__origin__
    return value


def _names_seen(globalns, localns):
    """The namespace a string annotation's names are looked up in: localns
    before globalns, as eval(text, globalns, localns) looks them up."""
    if not localns:
        return globalns
    seen = dict(globalns)
    seen.update(localns)
    return seen


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a class (over its MRO), module or function, resolved.

    None becomes NoneType and a string is evaluated: in a class's module
    (then the class namespace), a function's globals or a module's own.
    """
    if getattr(obj, '__no_type_check__', None):
        return {}
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__', {})
            if globalns is None:
                module = sys.modules.get(base.__module__)
                base_globals = module.__dict__ if module is not None else {}
            else:
                base_globals = globalns
            base_locals = dict(vars(base)) if localns is None else localns
            if localns is None and globalns is None:
                # As CPython 3.11: the module's names come before the class's.
                base_globals, base_locals = base_locals, base_globals
            names = _names_seen(base_globals, base_locals)
            for name, value in ann.items():
                hints[name] = _hint(value, names, include_extras)
        return hints
    if globalns is None:
        if type(obj).__name__ == 'module':
            globalns = obj.__dict__
        else:
            nsobj = obj
            while hasattr(nsobj, '__wrapped__'):
                nsobj = nsobj.__wrapped__
            globalns = getattr(nsobj, '__globals__', None)
            if globalns is None:
                module = sys.modules.get(getattr(obj, '__module__', None))
                globalns = module.__dict__ if module is not None else {}
    hints = getattr(obj, '__annotations__', None)
    if hints is None:
        raise TypeError(f'{obj!r} is not a module, class, method, or function.')
    names = _names_seen(globalns, localns)
    return {name: _hint(value, names, include_extras) for name, value in hints.items()}
