"""abc for refc: abstract base classes, after CPython 3.11's Lib/abc.py and
Lib/_py_abc.py.

ABCMeta records a class's abstract methods in __abstractmethods__ (which the
interpreter's object.__new__ checks, raising CPython's "Can't instantiate
abstract class ... with abstract method(s) ..."), and answers isinstance and
issubclass for virtual subclasses added with register() or accepted by
__subclasshook__. ABC is the helper class whose metaclass is ABCMeta.
"""

__all__ = ['ABCMeta', 'ABC', 'abstractmethod', 'abstractclassmethod', 'abstractstaticmethod',
           'abstractproperty', 'get_cache_token', 'update_abstractmethods']


def abstractmethod(funcobj):
    """A decorator indicating abstract methods."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    """A classmethod marked abstract (deprecated: use classmethod over
    abstractmethod). refc's classmethod cannot be subclassed, so this returns
    a classmethod rather than an abstractclassmethod instance."""
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    """A staticmethod marked abstract (deprecated: use staticmethod over
    abstractmethod); a staticmethod, as for abstractclassmethod."""
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    """A property marked abstract (deprecated: use property over
    abstractmethod); a property whose getter is abstract."""
    if fget is not None:
        fget.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


class _abc_data:
    """The per-class state of an ABC (CPython keeps it in _abc_impl too):
    registered virtual subclasses, the positive and negative caches, and the
    ABCs derived from this one."""

    def __init__(self):
        self.registry = set()
        self.cache = set()
        self.negative_cache = set()
        self.negative_cache_version = ABCMeta._abc_invalidation_counter
        self.subclasses = []


def get_cache_token():
    """The current version of the ABC cache for virtual subclasses."""
    return ABCMeta._abc_invalidation_counter


def _abstract_names(cls, namespace, bases):
    abstracts = set(name for name, value in namespace.items()
                    if getattr(value, "__isabstractmethod__", False))
    for base in bases:
        for name in getattr(base, "__abstractmethods__", set()):
            value = getattr(cls, name, None)
            if getattr(value, "__isabstractmethod__", False):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    """Metaclass for defining Abstract Base Classes (ABCs)."""

    _abc_invalidation_counter = 0

    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _abstract_names(cls, namespace, bases)
        cls._abc_impl = _abc_data()
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_impl.subclasses.append(cls)
        return cls

    def register(cls, subclass):
        """Register a virtual subclass of an ABC; returns the subclass."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_impl.registry.add(subclass)
        ABCMeta._abc_invalidation_counter += 1
        return subclass

    def __instancecheck__(cls, instance):
        """Override for isinstance(instance, cls)."""
        impl = cls._abc_impl
        subclass = instance.__class__
        if subclass in impl.cache:
            return True
        subtype = type(instance)
        if subtype is subclass:
            if (impl.negative_cache_version == ABCMeta._abc_invalidation_counter
                    and subclass in impl.negative_cache):
                return False
            return cls.__subclasscheck__(subclass)
        return any(cls.__subclasscheck__(c) for c in (subclass, subtype))

    def __subclasscheck__(cls, subclass):
        """Override for issubclass(subclass, cls)."""
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        impl = cls._abc_impl
        if subclass in impl.cache:
            return True
        if impl.negative_cache_version < ABCMeta._abc_invalidation_counter:
            impl.negative_cache = set()
            impl.negative_cache_version = ABCMeta._abc_invalidation_counter
        elif subclass in impl.negative_cache:
            return False
        ok = cls.__subclasshook__(subclass)
        if ok is not NotImplemented:
            if ok:
                impl.cache.add(subclass)
            else:
                impl.negative_cache.add(subclass)
            return ok
        if cls in getattr(subclass, '__mro__', ()):
            impl.cache.add(subclass)
            return True
        for rcls in impl.registry:
            if issubclass(subclass, rcls):
                impl.cache.add(subclass)
                return True
        for scls in impl.subclasses:
            if issubclass(subclass, scls):
                impl.cache.add(subclass)
                return True
        impl.negative_cache.add(subclass)
        return False

    def _abc_registry_clear(cls):
        """Clear the registry (for debugging or testing)."""
        cls._abc_impl.registry.clear()

    def _abc_caches_clear(cls):
        """Clear the caches (for debugging or testing)."""
        cls._abc_impl.cache.clear()
        cls._abc_impl.negative_cache.clear()


def update_abstractmethods(cls):
    """Recalculate the set of abstract methods of an abstract class."""
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    abstracts = set()
    for scls in cls.__bases__:
        for name in getattr(scls, '__abstractmethods__', ()):
            value = getattr(cls, name, None)
            if getattr(value, "__isabstractmethod__", False):
                abstracts.add(name)
    for name, value in cls.__dict__.items():
        if getattr(value, "__isabstractmethod__", False):
            abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls


class ABC(metaclass=ABCMeta):
    """Helper class that provides a standard way to create an ABC using
    inheritance.
    """
