"""dataclasses for refc: classes whose __init__, __repr__ and __eq__ come from
their annotated fields.

Written in refc's Python subset after CPython 3.11's Lib/dataclasses.py,
keeping its behaviour, reprs and error messages: dataclass (init, repr, eq,
order, unsafe_hash, frozen, match_args, kw_only), field, Field, fields,
asdict, astuple, replace, is_dataclass, make_dataclass, MISSING, InitVar,
KW_ONLY, FrozenInstanceError; ClassVar and InitVar annotations are not
fields; base dataclasses contribute their fields first.

CPython generates the methods as source text and execs it; refc has no exec,
so each method is a closure over the field list. The generated __init__
binds its arguments itself and raises CPython's TypeErrors under the
generated function's qualname ("Config.__init__() missing 1 required
positional argument: 'x'"); its signature is exposed as __signature__.
slots=True is accepted but adds no __slots__ (refc has none).
"""

import abc
import copy
import inspect
import sys
from types import MappingProxyType

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar',
           'KW_ONLY', 'MISSING', 'fields', 'asdict', 'astuple', 'make_dataclass',
           'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


_EMPTY_METADATA = MappingProxyType({})


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class InitVar:
    """An init-only pseudo-field: passed to __init__ and __post_init__, not stored."""

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            type_name = self.type.__name__
        else:
            type_name = repr(self.type)
        return f'dataclasses.InitVar[{type_name}]'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    """One field of a dataclass: its name, type, default and flags."""

    def __init__(self, default, default_factory, init, repr, hash, compare,
                 metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = _EMPTY_METADATA if metadata is None else MappingProxyType(metadata)
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field('
                f'name={self.name!r},'
                f'type={self.type!r},'
                f'default={self.default!r},'
                f'default_factory={self.default_factory!r},'
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'hash={self.hash!r},'
                f'compare={self.compare!r},'
                f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},'
                f'_field_type={self._field_type}'
                ')')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams('
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'eq={self.eq!r},'
                f'order={self.order!r},'
                f'unsafe_hash={self.unsafe_hash!r},'
                f'frozen={self.frozen!r}'
                ')')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    """A field specification: default or default_factory, and which methods use it."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare,
                 metadata, kw_only)


def _fields_in_init_order(fields):
    return (tuple(f for f in fields if f.init and not f.kw_only),
            tuple(f for f in fields if f.init and f.kw_only))


# ---- argument binding of the generated __init__ ------------------------------

def _quoted_names(names):
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f'{quoted[0]} and {quoted[1]}'
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]


def _raise_missing(qualname, names, kind):
    s = 's' if len(names) != 1 else ''
    raise TypeError(f"{qualname}() missing {len(names)} required {kind} argument{s}: "
                    f"{_quoted_names(names)}")


def _bind_init_arguments(qualname, self_name, std_fields, kw_only_fields, args, kwargs):
    """The values given for each __init__ parameter, by name, bound as CPython
    binds a call of `def __init__(self, <std>, *, <kw_only>)`."""
    std_names = [f.name for f in std_fields]
    kw_names = [f.name for f in kw_only_fields]
    values = {}
    for name, value in zip(std_names, args):
        values[name] = value
    for key, value in kwargs.items():
        if key == self_name:
            raise TypeError(f"{qualname}() got multiple values for argument '{key}'")
        if key not in std_names and key not in kw_names:
            raise TypeError(f"{qualname}() got an unexpected keyword argument '{key}'")
        if key in values:
            raise TypeError(f"{qualname}() got multiple values for argument '{key}'")
        values[key] = value
    if len(args) > len(std_names):
        argcount = len(std_names) + 1
        given = len(args) + 1
        defcount = len([f for f in std_fields if _has_default(f)])
        if defcount:
            sig = f'from {argcount - defcount} to {argcount}'
            plural = True
        else:
            sig = str(argcount)
            plural = argcount != 1
        kwonly_given = len([n for n in kw_names if n in values])
        if kwonly_given:
            kwonly_sig = (f" positional argument{'s' if given != 1 else ''} (and "
                          f"{kwonly_given} keyword-only argument"
                          f"{'s' if kwonly_given != 1 else ''})")
        else:
            kwonly_sig = ''
        was = 'was' if given == 1 and not kwonly_given else 'were'
        raise TypeError(f"{qualname}() takes {sig} positional argument"
                        f"{'s' if plural else ''} but {given}{kwonly_sig} {was} given")
    missing = [f.name for f in std_fields if f.name not in values and not _has_default(f)]
    if missing:
        _raise_missing(qualname, missing, 'positional')
    missing = [f.name for f in kw_only_fields if f.name not in values and not _has_default(f)]
    if missing:
        _raise_missing(qualname, missing, 'keyword-only')
    return values


def _has_default(f):
    return f.default is not MISSING or f.default_factory is not MISSING


def _init_fn(cls, fields, std_fields, kw_only_fields, frozen, has_post_init, self_name):
    qualname = cls.__qualname__ + '.__init__'
    initvar_names = [f.name for f in fields if f._field_type is _FIELD_INITVAR]

    def __init__(self, /, *args, **kwargs):
        given = _bind_init_arguments(qualname, self_name, std_fields, kw_only_fields,
                                     args, kwargs)
        initvars = []
        for f in fields:
            if f.init:
                if f.name in given:
                    value = given[f.name]
                elif f.default_factory is not MISSING:
                    value = f.default_factory()
                else:
                    value = f.default
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                continue
            if f._field_type is _FIELD_INITVAR:
                initvars.append(value)
            elif frozen:
                object.__setattr__(self, f.name, value)
            else:
                setattr(self, f.name, value)
        if has_post_init:
            self.__post_init__(*initvars)

    __init__.__qualname__ = qualname
    annotations = {f.name: f.type for f in std_fields + kw_only_fields}
    annotations['return'] = None
    __init__.__annotations__ = annotations
    return __init__


def _init_signature(self_name, std_fields, kw_only_fields):
    params = [inspect.Parameter(self_name, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    for kind, group in ((inspect.Parameter.POSITIONAL_OR_KEYWORD, std_fields),
                        (inspect.Parameter.KEYWORD_ONLY, kw_only_fields)):
        for f in group:
            if f.default_factory is not MISSING:
                default = _HAS_DEFAULT_FACTORY
            elif f.default is not MISSING:
                default = f.default
            else:
                default = inspect.Parameter.empty
            params.append(inspect.Parameter(f.name, kind, default=default,
                                            annotation=f.type))
    return inspect.Signature(params, return_annotation=None)


# ---- the other generated methods ---------------------------------------------

def _repr_fn(fields):
    repr_running = set()

    def __repr__(self):
        key = id(self)
        if key in repr_running:
            return '...'
        repr_running.add(key)
        try:
            parts = [f'{f.name}={getattr(self, f.name)!r}' for f in fields]
            return self.__class__.__qualname__ + '(' + ', '.join(parts) + ')'
        finally:
            repr_running.discard(key)
    return __repr__


def _field_tuple(obj, fields):
    return tuple([getattr(obj, f.name) for f in fields])


def _cmp_fn(name, fields):
    def equal(a, b):
        return a == b

    def less(a, b):
        return a < b

    def less_equal(a, b):
        return a <= b

    def greater(a, b):
        return a > b

    def greater_equal(a, b):
        return a >= b

    compare = {'__eq__': equal, '__lt__': less, '__le__': less_equal,
               '__gt__': greater, '__ge__': greater_equal}[name]

    def method(self, other):
        if other.__class__ is self.__class__:
            return compare(_field_tuple(self, fields), _field_tuple(other, fields))
        return NotImplemented
    method.__name__ = name
    method.__qualname__ = name
    return method


def _hash_fn(fields):
    def __hash__(self):
        return hash(_field_tuple(self, fields))
    return __hash__


def _frozen_get_del_attr(cls, fields):
    names = tuple(f.name for f in fields)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return (__setattr__, __delattr__)


def _set_qualname(cls, value):
    if type(value).__name__ == 'function':
        value.__qualname__ = f"{cls.__qualname__}.{value.__name__}"
    return value


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    _set_qualname(cls, value)
    setattr(cls, name, value)
    return False


def _hash_set_none(cls, fields):
    return None


def _hash_add(cls, fields):
    flds = [f for f in fields if (f.compare if f.hash is None else f.hash)]
    return _set_qualname(cls, _hash_fn(flds))


def _hash_exception(cls, fields):
    raise TypeError(f'Cannot overwrite attribute __hash__ '
                    f'in class {cls.__name__}')


# (unsafe_hash, eq, frozen, has an explicit __hash__) -> what to do with __hash__
_hash_action = {(False, False, False, False): None,
                (False, False, False, True): None,
                (False, False, True, False): None,
                (False, False, True, True): None,
                (False, True, False, False): _hash_set_none,
                (False, True, False, True): None,
                (False, True, True, False): _hash_add,
                (False, True, True, True): None,
                (True, False, False, False): _hash_add,
                (True, False, False, True): _hash_exception,
                (True, False, True, False): _hash_add,
                (True, False, True, True): _hash_exception,
                (True, True, False, False): _hash_add,
                (True, True, False, True): _hash_exception,
                (True, True, True, False): _hash_add,
                (True, True, True, True): _hash_exception,
                }


# ---- building the class ------------------------------------------------------

def _is_classvar(a_type):
    typing = sys.modules.get('typing')
    if typing is None:
        return False
    return (a_type is typing.ClassVar
            or (type(a_type) is typing._GenericAlias
                and a_type.__origin__ is typing.ClassVar))


def _is_initvar(a_type):
    return a_type is InitVar or type(a_type) is InitVar


def _is_kw_only(a_type):
    return a_type is KW_ONLY


def _annotation_head(annotation):
    """The (module, name) an annotation string starts with, as CPython's
    _MODULE_IDENTIFIER_RE matches it ("typing.ClassVar[int]" gives
    ('typing', 'ClassVar'), "InitVar[int]" gives ('', 'InitVar')), or None."""
    text = annotation.lstrip()

    def word(at):
        end = at
        while end < len(text) and (text[end].isalnum() or text[end] == '_'):
            end += 1
        return text[at:end], end

    first, end = word(0)
    if not first:
        return None
    rest = text[end:].lstrip()
    if rest.startswith('.'):
        text = rest[1:].lstrip()
        second, end = word(0)
        if second:
            return first, second
    return '', first


def _is_type(annotation, cls, a_module, is_type_predicate):
    """Whether string annotation names (in cls's module) what the predicate
    accepts: ClassVar, InitVar or KW_ONLY, bare or through its module."""
    head = _annotation_head(annotation)
    if head is None:
        return False
    module_name, name = head
    module = sys.modules.get(cls.__module__)
    ns = None
    if not module_name:
        ns = module.__dict__ if module is not None else None
    elif module is not None and module.__dict__.get(module_name) is a_module:
        ns = a_module.__dict__
    return bool(ns) and is_type_predicate(ns.get(name))


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    typing = sys.modules.get('typing')
    if typing is not None:
        if _is_classvar(a_type) or (isinstance(a_type, str) and
                                    _is_type(a_type, cls, typing, _is_classvar)):
            f._field_type = _FIELD_CLASSVAR
    if f._field_type is _FIELD:
        dataclasses = sys.modules[__name__]
        if _is_initvar(a_type) or (isinstance(a_type, str) and
                                   _is_type(a_type, cls, dataclasses, _is_initvar)):
            f._field_type = _FIELD_INITVAR
    if f._field_type is _FIELD_CLASSVAR or f._field_type is _FIELD_INITVAR:
        if f.default_factory is not MISSING:
            raise TypeError(f'field {f.name} cannot have a '
                            'default factory')
    if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR:
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    elif f.kw_only is not MISSING:
        raise TypeError(f'field {f.name} is a ClassVar but specifies '
                        'kw_only')
    if f._field_type is _FIELD and f.default.__class__.__hash__ is None:
        raise ValueError(f'mutable default {type(f.default)} for field '
                         f'{f.name} is not allowed: use default_factory')
    return f


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen,
                   match_args, kw_only, slots):
    fields = {}
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order,
                                           unsafe_hash, frozen))
    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True

    cls_annotations = cls.__dict__.get('__annotations__', {})
    cls_fields = []
    kw_only_seen = False
    for name, a_type in cls_annotations.items():
        if _is_kw_only(a_type) or (isinstance(a_type, str) and
                                   _is_type(a_type, cls, sys.modules[__name__], _is_kw_only)):
            if kw_only_seen:
                raise TypeError(f'{name!r} is KW_ONLY, but KW_ONLY '
                                'has already been specified')
            kw_only_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, a_type, kw_only))

    for f in cls_fields:
        fields[f.name] = f
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in list(cls.__dict__.items()):
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(f'{name!r} is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a '
                            'frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a '
                            'non-frozen one')

    setattr(cls, _FIELDS, fields)

    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or
                             (class_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    all_init_fields = [f for f in fields.values()
                       if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR]
    std_init_fields, kw_only_init_fields = _fields_in_init_order(all_init_fields)

    seen_default = False
    for f in std_init_fields:
        if _has_default(f):
            seen_default = True
        elif seen_default:
            raise TypeError(f'non-default argument {f.name!r} '
                            'follows default argument')

    self_name = '__dataclass_self__' if 'self' in fields else 'self'
    signature = _init_signature(self_name, std_init_fields, kw_only_init_fields)
    if init:
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        init_fn = _init_fn(cls, all_init_fields, std_init_fields, kw_only_init_fields,
                           frozen, has_post_init, self_name)
        init_fn.__signature__ = signature
        _set_new_attribute(cls, '__init__', init_fn)

    field_list = [f for f in fields.values() if f._field_type is _FIELD]

    if repr:
        flds = [f for f in field_list if f.repr]
        _set_new_attribute(cls, '__repr__', _repr_fn(flds))

    if eq:
        flds = [f for f in field_list if f.compare]
        _set_new_attribute(cls, '__eq__', _cmp_fn('__eq__', flds))

    if order:
        flds = [f for f in field_list if f.compare]
        for name in ('__lt__', '__le__', '__gt__', '__ge__'):
            if _set_new_attribute(cls, name, _cmp_fn(name, flds)):
                raise TypeError(f'Cannot overwrite attribute {name} '
                                f'in class {cls.__name__}. Consider using '
                                'functools.total_ordering')

    if frozen:
        for fn in _frozen_get_del_attr(cls, field_list):
            if _set_new_attribute(cls, fn.__name__, fn):
                raise TypeError(f'Cannot overwrite attribute {fn.__name__} '
                                f'in class {cls.__name__}')

    hash_action = _hash_action[bool(unsafe_hash), bool(eq), bool(frozen),
                               has_explicit_hash]
    if hash_action:
        cls.__hash__ = hash_action(cls, field_list)

    if not getattr(cls, '__doc__'):
        cls.__doc__ = (cls.__name__ +
                       str(inspect.signature(cls)).replace(' -> None', ''))

    if match_args:
        _set_new_attribute(cls, '__match_args__',
                           tuple(f.name for f in std_init_fields))
    abc.update_abstractmethods(cls)
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    """Adds __init__, __repr__, __eq__ (and, on request, ordering, hashing and
    immutability) to a class from its annotated fields."""
    if weakref_slot and not slots:
        raise TypeError('weakref_slot is True but slots is False')

    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash,
                              frozen, match_args, kw_only, slots)

    if cls is None:
        return wrap
    return wrap(cls)


# ---- functions on dataclasses ------------------------------------------------

def fields(class_or_instance):
    """The fields of a dataclass (not its ClassVar or InitVar pseudo-fields), in order."""
    try:
        fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    """Whether obj is a dataclass or an instance of one."""
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def asdict(obj, *, dict_factory=dict):
    """The fields of a dataclass instance as a dict, recursing into dataclasses,
    lists, tuples and dicts; other values are deep-copied."""
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            value = _asdict_inner(getattr(obj, f.name), dict_factory)
            result.append((f.name, value))
        return dict_factory(result)
    elif isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    elif isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    elif isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory),
                          _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    else:
        return copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """The fields of a dataclass instance as a tuple, recursing as asdict does."""
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            value = _astuple_inner(getattr(obj, f.name), tuple_factory)
            result.append(value)
        return tuple_factory(result)
    elif isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    elif isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    elif isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    else:
        return copy.deepcopy(obj)


def replace(obj, /, **changes):
    """A new instance of obj's dataclass with the given fields changed."""
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with '
                                 'init=False, it cannot be specified with '
                                 'replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError(f"InitVar {f.name!r} "
                                 'must be specified with replace()')
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True,
                   repr=True, eq=True, order=False, unsafe_hash=False,
                   frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False, module=None):
    """A new dataclass named cls_name with the given fields (name, (name, type)
    or (name, type, Field))."""
    if namespace is None:
        namespace = {}
    seen = set()
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            name = item
            tp = 'typing.Any'
        elif len(item) == 2:
            name, tp, = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError(f'Invalid field: {item!r}')
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError(f'Field names must be valid identifiers: {name!r}')
        if name in seen:
            raise TypeError(f'Field name duplicated: {name!r}')
        seen.add(name)
        annotations[name] = tp
    ns = dict(namespace)
    ns.update(defaults)
    ns['__annotations__'] = annotations
    if module is None:
        try:
            module = sys._getframe(1).f_globals.get('__name__', '__main__')
        except (AttributeError, ValueError):
            module = '__main__'
    ns['__module__'] = module
    cls = type(cls_name, bases, ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order,
                     unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only, slots=slots,
                     weakref_slot=weakref_slot)
