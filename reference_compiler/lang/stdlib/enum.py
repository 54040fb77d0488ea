"""enum for refc: enumerations, after CPython 3.11's Lib/enum.py.

EnumType (alias EnumMeta) is a metaclass: it turns the names a class body
binds into members, and gives the class its iteration, len(), `in`,
indexing by name, calling by value and repr. Enum, IntEnum, Flag, IntFlag,
ReprEnum, StrEnum, auto, unique and the functional API behave, print and fail
as CPython 3.11's. refc classes have one base and cannot derive from int or
str, so the members of IntEnum, IntFlag and StrEnum are not int or str
instances: they compare, hash, format, convert and compute as their values do.
"""

from types import MappingProxyType

__all__ = [
    'EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag',
    'ReprEnum', 'auto', 'unique', 'FlagBoundary', 'STRICT', 'CONFORM', 'EJECT',
    'KEEP', 'member', 'nonmember', 'property',
]

Enum = Flag = None  # bound once the classes exist: EnumType builds them too


class nonmember(object):
    """Protects item from becoming an Enum member during class creation."""
    def __init__(self, value):
        self.value = value


class member(object):
    """Forces item to become an Enum member during class creation."""
    def __init__(self, value):
        self.value = value


class _AutoNull:
    def __repr__(self):
        return '_auto_null'


_auto_null = _AutoNull()


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""
    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % self.value


def _is_descriptor(obj):
    if type(obj) in (type(_is_descriptor), _builtin_property, classmethod, staticmethod):
        return True
    if isinstance(obj, type):
        return False
    return (hasattr(obj, '__get__') or hasattr(obj, '__set__')
            or hasattr(obj, '__delete__'))


def _is_dunder(name):
    return (len(name) > 4 and name[:2] == name[-2:] == '__'
            and name[2] != '_' and name[-3] != '_')


def _is_sunder(name):
    return (len(name) > 2 and name[0] == name[-1] == '_'
            and name[1:2] != '_' and name[-2:-1] != '_')


def _is_private(cls_name, name):
    pattern = '_%s__' % (cls_name, )
    pat_len = len(pattern)
    return (len(name) > pat_len and name.startswith(pattern)
            and name[pat_len:pat_len + 1] != '_'
            and (name[-1] != '_' or name[-2] != '_'))


def _is_single_bit(num):
    if num == 0:
        return False
    num &= num - 1
    return num == 0


def _iter_bits_lsb(num):
    while num:
        b = num & (~num + 1)
        yield b
        num ^= b


def _high_bit(value):
    return value.bit_length() - 1


def _bin(num, max_bits=None):
    ceiling = 2 ** (num).bit_length()
    if num >= 0:
        s = bin(num + ceiling).replace('1', '0', 1)
    else:
        s = bin(~num ^ (ceiling - 1) + ceiling)
    sign = s[:3]
    digits = s[3:]
    if max_bits is not None:
        if len(digits) < max_bits:
            digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return "%s %s" % (sign, digits)


class FlagBoundary:
    """How Flag deals with values outside its members' bits."""
    def __init__(self, name):
        self._name_ = name
        self._value_ = name.lower()

    def __repr__(self):
        return "<FlagBoundary.%s: %r>" % (self._name_, self._value_)

    def __str__(self):
        return "FlagBoundary.%s" % self._name_


STRICT = FlagBoundary('STRICT')
CONFORM = FlagBoundary('CONFORM')
EJECT = FlagBoundary('EJECT')
KEEP = FlagBoundary('KEEP')


def _split_members(cls_name, classdict):
    """The (name, value) pairs of a class body that become members, in order."""
    ignore = classdict.get('_ignore_', [])
    if isinstance(ignore, str):
        ignore = ignore.replace(',', ' ').split()
    members = []
    for key in list(classdict):
        value = classdict[key]
        if key in ignore or key == '_ignore_':
            continue
        if isinstance(value, nonmember):
            classdict[key] = value.value
            continue
        if isinstance(value, member):
            members.append((key, value.value))
            continue
        if (_is_dunder(key) or _is_sunder(key) or _is_private(cls_name, key)
                or _is_descriptor(value)):
            continue
        members.append((key, value))
    for key in ignore:
        classdict.pop(key, None)
    classdict.pop('_ignore_', None)
    return members


_builtin_property = property


class _EnumProperty:
    """enum.property: a property of members that, read on the enum class,
    looks up the member of that name (so members may be called `name` or
    `value`)."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc if doc is not None else getattr(fget, '__doc__', None)
        self.name = getattr(fget, '__name__', None)
        self.clsname = None

    def getter(self, fget):
        return type(self)(fget, self.fset, self.fdel, self.__doc__)

    def setter(self, fset):
        return type(self)(self.fget, fset, self.fdel, self.__doc__)

    def deleter(self, fdel):
        return type(self)(self.fget, self.fset, fdel, self.__doc__)

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            try:
                return ownerclass._member_map_[self.name]
            except KeyError:
                raise AttributeError('%r has no attribute %r' % (ownerclass, self.name))
        if self.fget is None:
            try:
                return ownerclass._member_map_[self.name]
            except KeyError:
                raise AttributeError('%r has no attribute %r' % (ownerclass, self.name)) from None
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("<enum %r> cannot set attribute %r" % (self.clsname, self.name))
        return self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError("<enum %r> cannot delete attribute %r" % (self.clsname, self.name))
        return self.fdel(instance)

    def __set_name__(self, ownerclass, name):
        self.name = name
        self.clsname = ownerclass.__name__


class EnumType(type):
    """Metaclass for Enum."""

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        """The member type and the first Enum base of a new enum class."""
        if not bases or Enum is None:
            return object, Enum
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError("new enumerations should be created as "
                            "`EnumName([mixin_type, ...] [data_type,] enum_type)`")
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError("<enum %r> cannot extend %r" % (class_name, base))
        return first_enum._member_type_, first_enum

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        if _simple:
            return super().__new__(metacls, cls, bases, classdict, **kwds)
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        members = _split_members(cls, classdict)
        invalid_names = set(name for name, value in members) & {'mro', ''}
        if invalid_names:
            raise ValueError('invalid enum member name(s) %s' % (
                ','.join(repr(n) for n in invalid_names)))
        _order_ = classdict.pop('_order_', None)
        # auto() values, in definition order
        generate = classdict.get('_generate_next_value_')
        if generate is None and first_enum is not None:
            generate = getattr(first_enum, '_generate_next_value_', None)
        resolved = []
        last_values = []
        for name, value in members:
            if isinstance(value, auto):
                if value.value is _auto_null:
                    if generate is None:
                        raise TypeError("_generate_next_value_ must be defined before members")
                    value.value = generate(name, 1, len(resolved), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                items = []
                for v in value:
                    if isinstance(v, auto):
                        if v.value is _auto_null:
                            v.value = generate(name, 1, len(resolved), last_values[:])
                        v = v.value
                    items.append(v)
                value = tuple(items)
            resolved.append((name, value))
            last_values.append(value)
            del classdict[name]
        # the constructor of members: a __new__ of the class body (or of a base)
        if first_enum is None:
            new_member, save_new, use_args = object.__new__, False, False
        else:
            new_member = classdict.pop('__new__', None)
            save_new = new_member is not None
            if new_member is None:
                new_member = getattr(first_enum, '__new_member__', None)
            if new_member is None:
                new_member = object.__new__
            use_args = new_member is not object.__new__
        classdict['_new_member_'] = new_member
        classdict['_use_args_'] = use_args
        classdict['_member_names_'] = []
        classdict['_member_map_'] = {}
        classdict['_value2member_map_'] = {}
        classdict['_member_type_'] = member_type
        classdict['_boundary_'] = boundary or getattr(first_enum, '_boundary_', None)
        classdict['_flag_mask_'] = 0
        classdict['_singles_mask_'] = 0
        classdict['_all_bits_'] = 0
        classdict['_inverted_'] = None
        enum_class = super().__new__(metacls, cls, bases, classdict, **kwds)
        if save_new:
            type.__setattr__(enum_class, '__new_member__', new_member)
        for name, value in resolved:
            metacls._add_member_(enum_class, name, value)
        is_flag = Flag is not None and issubclass(enum_class, Flag)
        if not is_flag and cls != 'Flag':
            for name in ('_boundary_', '_flag_mask_', '_singles_mask_', '_all_bits_',
                         '_inverted_'):
                type.__delattr__(enum_class, name)
        elif is_flag:
            member_list = [m._value_ for m in enum_class]
            if member_list != sorted(member_list):
                type.__setattr__(enum_class, '_iter_member_', enum_class._iter_member_by_def_)
        if _order_ is not None:
            if isinstance(_order_, str):
                _order_ = _order_.replace(',', ' ').split()
            if is_flag:
                _order_ = [o for o in _order_
                           if o not in enum_class._member_map_
                           or _is_single_bit(enum_class[o]._value_)]
            _order_ = [o for o in _order_
                       if o not in enum_class._member_map_ or o in enum_class._member_names_]
            if _order_ != enum_class._member_names_:
                raise TypeError('member order does not match _order_:\n  %r\n  %r'
                                % (enum_class._member_names_, _order_))
        return enum_class

    @staticmethod
    def _add_member_(enum_class, member_name, value):
        """Makes the member `member_name` (or an alias) of a new enum class."""
        args = value if isinstance(value, tuple) else (value, )
        member_type = enum_class._member_type_
        if not enum_class._use_args_:
            enum_member = enum_class._new_member_(enum_class)
        else:
            enum_member = enum_class._new_member_(enum_class, *args)
        if not hasattr(enum_member, '_value_'):
            if member_type is object:
                enum_member._value_ = value
            else:
                try:
                    enum_member._value_ = member_type(*args)
                except Exception as exc:
                    new_exc = TypeError('_value_ not set in __new__, unable to create it')
                    new_exc.__cause__ = exc
                    raise new_exc
        value = enum_member._value_
        enum_member._name_ = member_name
        enum_member.__objclass__ = enum_class
        enum_member.__init__(*args)
        enum_member._sort_order_ = len(enum_class._member_names_)
        if Flag is not None and issubclass(enum_class, Flag):
            type.__setattr__(enum_class, '_flag_mask_', enum_class._flag_mask_ | value)
            if _is_single_bit(value):
                type.__setattr__(enum_class, '_singles_mask_', enum_class._singles_mask_ | value)
            type.__setattr__(enum_class, '_all_bits_',
                             2 ** ((enum_class._flag_mask_).bit_length()) - 1)
        canonical = None
        try:
            canonical = enum_class._value2member_map_.get(value)
        except TypeError:
            for other in enum_class._member_map_.values():
                if other._value_ == value:
                    canonical = other
                    break
        if canonical is not None:
            enum_member = canonical
        elif Flag is None or not issubclass(enum_class, Flag) or _is_single_bit(value):
            enum_class._member_names_.append(member_name)
        # a member named like an enum.property (`name`, `value`) is found
        # through it rather than in the class dict
        shadowed = any(isinstance(base.__dict__.get(member_name), _EnumProperty)
                       for base in enum_class.__mro__[1:])
        if not shadowed:
            type.__setattr__(enum_class, member_name, enum_member)
        enum_class._member_map_[member_name] = enum_member
        try:
            enum_class._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            pass

    def __bool__(cls):
        return True

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None,
                 start=1, boundary=None):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname,
                            type=type, start=start, boundary=boundary)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            import warnings
            warnings.warn(
                "in 3.12 __contains__ will no longer raise TypeError, but will return True or\n"
                "False depending on whether the value is a member or the value of a member",
                DeprecationWarning,
                stacklevel=2,
            )
            raise TypeError(
                "unsupported operand type(s) for 'in': '%s' and '%s'" % (
                    type(member).__qualname__, cls.__class__.__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError("%r cannot delete member %r." % (cls.__name__, attr))
        super().__delattr__(attr)

    def __dir__(cls):
        interesting = set([
            '__class__', '__contains__', '__doc__', '__getitem__', '__iter__', '__len__',
            '__members__', '__module__', '__name__', '__qualname__',
        ] + cls._member_names_)
        if cls._new_member_ is not object.__new__:
            interesting.add('__new__')
        if cls.__init_subclass__ is not object.__init_subclass__:
            interesting.add('__init_subclass__')
        if cls._member_type_ is object:
            return sorted(interesting)
        return sorted(set(dir(cls._member_type_)) | interesting)

    def __getattr__(cls, name):
        if _is_dunder(name):
            raise AttributeError(name)
        try:
            return cls._member_map_[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __len__(cls):
        return len(cls._member_names_)

    @property
    def __members__(cls):
        return MappingProxyType(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError('cannot reassign member %r' % (name, ))
        super().__setattr__(name, value)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None,
                 start=1, boundary=None):
        """The functional API: Enum('Color', 'RED GREEN BLUE')."""
        metacls = cls.__class__
        if type is not None:
            raise NotImplementedError("a mixed-in data type for a functional enum is not supported")
        bases = (cls, )
        _, first_enum = cls._get_mixins_(class_name, bases)
        classdict = {}
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original_names, names = names, []
            last_values = []
            for count, name in enumerate(original_names):
                value = first_enum._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        if isinstance(names, dict):
            names = list(names.items())
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        classdict['__module__'] = '__main__' if module is None else module
        if qualname is not None:
            classdict['__qualname__'] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
        if not cls._member_map_:
            raise TypeError("%r has no members defined" % cls)
        try:
            exc = None
            result = cls._missing_(value)
        except Exception as e:
            exc = e
            result = None
        if isinstance(result, cls):
            return result
        if (Flag is not None and issubclass(cls, Flag) and cls._boundary_ is EJECT
                and isinstance(result, int)):
            return result
        ve_exc = ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        if result is None and exc is None:
            raise ve_exc
        elif exc is None:
            exc = TypeError('error in %s._missing_: returned %r instead of None or a valid member'
                            % (cls.__name__, result))
        if not isinstance(exc, ValueError):
            exc.__context__ = ve_exc
        raise exc

    def __init__(self, *args, **kwds):
        pass

    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        try:
            last = last_values[-1]
            last_values.sort()
            if last == last_values[-1]:
                return last + 1
            raise TypeError
        except TypeError:
            for v in reversed(last_values):
                try:
                    return v + 1
                except TypeError:
                    pass
            return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_, )

    def __dir__(self):
        interesting = set()
        if self.__class__._member_type_ is not object:
            interesting = set(object.__dir__(self))
        for name in getattr(self, '__dict__', []):
            if name[0] != '_' and name not in self._member_map_:
                interesting.add(name)
        for cls in self.__class__.mro():
            for name, obj in cls.__dict__.items():
                if name[0] == '_':
                    continue
                if isinstance(obj, _EnumProperty):
                    if obj.fget is not None or name not in self._member_map_:
                        interesting.add(name)
                    else:
                        interesting.discard(name)
                elif name not in self._member_map_:
                    interesting.add(name)
        return sorted(set(['__class__', '__doc__', '__eq__', '__hash__', '__module__'])
                      | interesting)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_, )

    @_EnumProperty
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @_EnumProperty
    def value(self):
        """The value of the Enum member."""
        return self._value_


type.__setattr__(Enum, '_value_repr_', None)


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""


def _value_of(other):
    """The plain value an IntEnum/IntFlag/StrEnum operand stands for."""
    if isinstance(other, Enum) and other._member_type_ is not object:
        return other._value_
    return other


class _ValueOperations:
    """The operators of a member that stands for its int or str value."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)

    def __hash__(self):
        return hash(self._value_)

    def __eq__(self, other):
        return self._value_ == _value_of(other)

    def __ne__(self, other):
        return self._value_ != _value_of(other)

    def __lt__(self, other):
        return self._value_ < _value_of(other)

    def __le__(self, other):
        return self._value_ <= _value_of(other)

    def __gt__(self, other):
        return self._value_ > _value_of(other)

    def __ge__(self, other):
        return self._value_ >= _value_of(other)

    def __len__(self):
        return len(self._value_)

    def __add__(self, other):
        return self._value_ + _value_of(other)

    def __radd__(self, other):
        return _value_of(other) + self._value_

    def __mul__(self, other):
        return self._value_ * _value_of(other)

    def __rmul__(self, other):
        return _value_of(other) * self._value_

    def __mod__(self, other):
        return self._value_ % _value_of(other)

    def __rmod__(self, other):
        return _value_of(other) % self._value_

    def __getitem__(self, key):
        return self._value_[key]

    def __iter__(self):
        return iter(self._value_)

    def __contains__(self, item):
        return _value_of(item) in self._value_

    def __getattr__(self, name):
        # the value's own methods (str.upper, int.bit_count, ...)
        if not name.startswith('_'):
            try:
                return getattr(self._value_, name)
            except AttributeError:
                pass
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))


class _IntOperations(_ValueOperations):
    """The int behaviour of IntEnum and IntFlag members."""

    def __bool__(self):
        return bool(self._value_)

    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __float__(self):
        return float(self._value_)

    def __sub__(self, other):
        return self._value_ - _value_of(other)

    def __rsub__(self, other):
        return _value_of(other) - self._value_

    def __truediv__(self, other):
        return self._value_ / _value_of(other)

    def __rtruediv__(self, other):
        return _value_of(other) / self._value_

    def __floordiv__(self, other):
        return self._value_ // _value_of(other)

    def __rfloordiv__(self, other):
        return _value_of(other) // self._value_

    def __divmod__(self, other):
        return divmod(self._value_, _value_of(other))

    def __pow__(self, other):
        return self._value_ ** _value_of(other)

    def __rpow__(self, other):
        return _value_of(other) ** self._value_

    def __lshift__(self, other):
        return self._value_ << _value_of(other)

    def __rshift__(self, other):
        return self._value_ >> _value_of(other)

    def __and__(self, other):
        return self._value_ & _value_of(other)

    def __rand__(self, other):
        return _value_of(other) & self._value_

    def __or__(self, other):
        return self._value_ | _value_of(other)

    def __ror__(self, other):
        return _value_of(other) | self._value_

    def __xor__(self, other):
        return self._value_ ^ _value_of(other)

    def __rxor__(self, other):
        return _value_of(other) ^ self._value_

    def __neg__(self):
        return -self._value_

    def __pos__(self):
        return +self._value_

    def __abs__(self):
        return abs(self._value_)

    def __invert__(self):
        return ~self._value_

    def __round__(self, ndigits=None):
        return round(self._value_, ndigits)

    def bit_length(self):
        return self._value_.bit_length()

    @property
    def real(self):
        return self._value_

    @property
    def numerator(self):
        return self._value_

    @property
    def denominator(self):
        return 1

    @property
    def imag(self):
        return 0


_COMMON_METHODS = ('__str__', '__format__', '__hash__', '__eq__', '__ne__', '__lt__', '__le__',
                   '__gt__', '__ge__', '__add__', '__radd__', '__mul__', '__rmul__', '__mod__',
                   '__rmod__', '__getattr__')
_INT_METHODS = _COMMON_METHODS + tuple(
    name for name in _IntOperations.__dict__
    if name not in ('__module__', '__qualname__', '__doc__', '__dict__'))
_STR_METHODS = _COMMON_METHODS + ('__len__', '__getitem__', '__iter__', '__contains__')


def _operation(name):
    for source in (_IntOperations, _ValueOperations):
        if name in source.__dict__:
            return source.__dict__[name]


def _give_value_operations(enum_class, names, member_type):
    """Copies the value operations onto an enum class (refc classes have one base)."""
    for name in names:
        type.__setattr__(enum_class, name, _operation(name))
    type.__setattr__(enum_class, '_member_type_', member_type)


class IntEnum(ReprEnum):
    """Enum where members are also (and must be) ints."""


_give_value_operations(IntEnum, _INT_METHODS, int)


class StrEnum(ReprEnum):
    """Enum where members are also (and must be) strings."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError('too many arguments for str(): %r' % (values, ))
        if len(values) == 1:
            if not isinstance(values[0], str):
                raise TypeError('%r is not a string' % (values[0], ))
        if len(values) >= 2:
            if not isinstance(values[1], str):
                raise TypeError('encoding must be a string, not %r' % (values[1], ))
        if len(values) == 3:
            if not isinstance(values[2], str):
                raise TypeError('errors must be a string, not %r' % (values[2]))
        member = object.__new__(cls)
        member._value_ = str(*values)
        return member

    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


_give_value_operations(StrEnum, _STR_METHODS, str)


class Flag(Enum, boundary=STRICT):
    """Support for flags."""

    _numeric_repr_ = repr

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = _high_bit(last_value)
        except Exception:
            raise TypeError('invalid flag value %r' % last_value) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _iter_member_by_value_(cls, value):
        for val in _iter_bits_lsb(value & cls._flag_mask_):
            yield cls._value2member_map_.get(val)

    _iter_member_ = _iter_member_by_value_

    @classmethod
    def _iter_member_by_def_(cls, value):
        yield from sorted(cls._iter_member_by_value_(value), key=lambda m: m._sort_order_)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        flag_mask = cls._flag_mask_
        singles_mask = cls._singles_mask_
        all_bits = cls._all_bits_
        neg_value = None
        if not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask):
            if cls._boundary_ is STRICT:
                max_bits = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError("%r invalid value %r\n    given %s\n  allowed %s" % (
                    cls, value, _bin(value, max_bits), _bin(flag_mask, max_bits)))
            elif cls._boundary_ is CONFORM:
                value = value & flag_mask
            elif cls._boundary_ is EJECT:
                return value
            elif cls._boundary_ is KEEP:
                if value < 0:
                    value = max(all_bits + 1, 2 ** (value.bit_length())) + value
            else:
                raise ValueError('%r unknown flag boundary %r' % (cls, cls._boundary_, ))
        if value < 0:
            neg_value = value
            value = all_bits + 1 + value
        unknown = value & ~flag_mask
        aliases = value & ~singles_mask
        member_value = value & singles_mask
        if unknown and cls._boundary_ is not KEEP:
            raise ValueError('%s(%r) -->  unknown values %r [%s]'
                             % (cls.__name__, value, unknown, bin(unknown)))
        pseudo_member = object.__new__(cls)
        pseudo_member._value_ = value
        if member_value or aliases:
            members = []
            combined_value = 0
            for m in cls._iter_member_(member_value):
                members.append(m)
                combined_value |= m._value_
            if aliases:
                value = member_value | aliases
                for n, pm in cls._member_map_.items():
                    if pm not in members and pm._value_ and pm._value_ & value == pm._value_:
                        members.append(pm)
                        combined_value |= pm._value_
            unknown = value ^ combined_value
            pseudo_member._name_ = '|'.join([m._name_ for m in members])
            if not combined_value:
                pseudo_member._name_ = None
            elif unknown and cls._boundary_ is STRICT:
                raise ValueError('%r: no members with value %r' % (cls, unknown))
            elif unknown:
                pseudo_member._name_ += '|%s' % cls._numeric_repr_(unknown)
        else:
            pseudo_member._name_ = None
        pseudo_member = cls._value2member_map_.setdefault(value, pseudo_member)
        if neg_value is not None:
            cls._value2member_map_[neg_value] = pseudo_member
        return pseudo_member

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r" % (
                type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        yield from self._iter_member_(self._value_)

    def __len__(self):
        return bin(self._value_).count('1')

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return "<%s: %s>" % (cls_name, v_repr(self._value_))
        return "<%s.%s: %s>" % (cls_name, self._name_, v_repr(self._value_))

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '%s(%r)' % (cls_name, self._value_)
        return "%s.%s" % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def _operand(self, other):
        if isinstance(other, self.__class__):
            return other._value_
        if self._member_type_ is not object and isinstance(other, self._member_type_):
            return other
        return NotImplemented

    def __or__(self, other):
        other = self._operand(other)
        if other is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | other)

    def __and__(self, other):
        other = self._operand(other)
        if other is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & other)

    def __xor__(self, other):
        other = self._operand(other)
        if other is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ other)

    def __invert__(self):
        if self._inverted_ is None:
            if self._boundary_ in (EJECT, KEEP):
                self._inverted_ = self.__class__(~self._value_)
            else:
                self._inverted_ = self.__class__(self._singles_mask_ & ~self._value_)
        return self._inverted_

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__


class IntFlag(Flag, boundary=KEEP):
    """Support for integer-based Flags."""


_give_value_operations(IntFlag, [n for n in _INT_METHODS
                                 if n not in ('__or__', '__ror__', '__and__', '__rand__',
                                              '__xor__', '__rxor__', '__invert__',
                                              '__bool__')], int)


def unique(enumeration):
    """Class decorator for enumerations ensuring unique member values."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ', '.join(
            ["%s -> %s" % (alias, name) for (alias, name) in duplicates])
        raise ValueError('duplicate values found in %r: %s' % (enumeration, alias_details))
    return enumeration


property = _EnumProperty
