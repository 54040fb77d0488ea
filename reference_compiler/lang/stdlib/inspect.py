"""inspect for refc: signatures of callables and predicates on objects.

Written in refc's Python subset after CPython 3.11's Lib/inspect.py, keeping
its reprs, formatting and error messages: signature() (of functions, bound
methods, classes, callable instances, functools.partial objects and
anything with __signature__, following __wrapped__), Signature, Parameter,
BoundArguments (bind, bind_partial, apply_defaults), getfullargspec,
getcallargs, getclosurevars, get_annotations, getattr_static, the is*
predicates, getmembers, getmro, unwrap, getdoc, cleandoc, getmodule,
getsource, getsourcelines and getcomments (from the file through linecache;
OSError when there is none), getgeneratorstate, and the frame helpers
(currentframe, getframeinfo, getouterframes, stack).

refc has no enum module, so the parameter kinds are instances of a small
_ParameterKind class that compares, hashes and prints like CPython's
IntEnum members.
"""

import collections
import functools
import linecache
import sys
from types import MappingProxyType

__all__ = ['signature', 'Signature', 'Parameter', 'BoundArguments',
           'getfullargspec', 'FullArgSpec', 'getcallargs', 'getclosurevars',
           'ClosureVars', 'get_annotations', 'getattr_static', 'isclass',
           'isfunction', 'ismethod', 'ismodule', 'isgenerator',
           'isgeneratorfunction', 'iscoroutinefunction', 'isbuiltin', 'isroutine',
           'isabstract', 'isdatadescriptor', 'ismethoddescriptor', 'getmembers',
           'getmro', 'unwrap', 'getdoc', 'cleandoc', 'getmodule', 'getmodulename',
           'getfile', 'getsourcefile', 'getabsfile', 'getsource', 'getsourcelines',
           'getcomments', 'indentsize', 'getgeneratorstate', 'getargs', 'getlineno',
           'getframeinfo', 'getouterframes', 'stack', 'currentframe',
           'formatannotation', 'formatannotationrelativeto']

# co_flags bits, CPython's values.
CO_OPTIMIZED = 1
CO_NEWLOCALS = 2
CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_NESTED = 16
CO_GENERATOR = 32
CO_NOFREE = 64
CO_COROUTINE = 128
CO_ITERABLE_COROUTINE = 256
CO_ASYNC_GENERATOR = 512

TPFLAGS_IS_ABSTRACT = 1 << 20


# ---- predicates -------------------------------------------------------------

def _type_name(obj):
    return type(obj).__name__


def ismodule(object):
    """Whether object is a module."""
    return _type_name(object) == 'module'


def isclass(object):
    """Whether object is a class."""
    return isinstance(object, type)


def _binds_native(object):
    """Whether object is a method object around a built-in function (refc binds
    those as methods; CPython's are builtin_function_or_method / method-wrapper)."""
    return (_type_name(object) == 'method' and
            _type_name(getattr(object, '__func__', None)) == 'builtin_function_or_method')


def ismethod(object):
    """Whether object is a bound method (of a Python function)."""
    return _type_name(object) == 'method' and not _binds_native(object)


def isfunction(object):
    """Whether object is a Python function (def or lambda)."""
    return _type_name(object) == 'function'


def isgeneratorfunction(obj):
    """Whether obj is a function whose body yields."""
    while ismethod(obj):
        obj = obj.__func__
    while isinstance(obj, functools.partial):
        obj = obj.func
    return isfunction(obj) and bool(obj.__code__.co_flags & CO_GENERATOR)


def iscoroutinefunction(obj):
    """Always False: refc has no async functions."""
    return False


def isasyncgenfunction(obj):
    return False


def isgenerator(object):
    """Whether object is a generator (what a generator function returns)."""
    return _type_name(object) == 'generator'


def iscoroutine(object):
    return False


def isawaitable(object):
    return False


def istraceback(object):
    return _type_name(object) == 'traceback'


def isframe(object):
    return _type_name(object) == 'frame'


def iscode(object):
    return _type_name(object) == 'code'


def isbuiltin(object):
    """Whether object is a built-in function or a method of a built-in object."""
    return _type_name(object) == 'builtin_function_or_method' or _binds_native(object)


def ismethoddescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__get__") and not hasattr(tp, "__set__")


def isdatadescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__set__") or hasattr(tp, "__delete__")


def isroutine(object):
    """Whether object is a function or method, Python or built-in."""
    return (isbuiltin(object) or isfunction(object) or ismethod(object)
            or ismethoddescriptor(object))


def isabstract(object):
    """Whether object is a class with abstract methods left."""
    return bool(isinstance(object, type) and getattr(object, '__abstractmethods__', None))


def getmembers(object, predicate=None):
    """The (name, value) pairs of object's attributes, sorted by name."""
    results = []
    processed = set()
    names = dir(object)
    if isclass(object):
        for base in object.__mro__:
            for k, v in base.__dict__.items():
                if k not in names:
                    names.append(k)
    for key in names:
        try:
            value = getattr(object, key)
            if key in processed:
                raise AttributeError
        except AttributeError:
            found = False
            if isclass(object):
                for base in object.__mro__:
                    if key in base.__dict__:
                        value = base.__dict__[key]
                        found = True
                        break
            if not found:
                continue
        if not predicate or predicate(value):
            results.append((key, value))
        processed.add(key)
    results.sort(key=lambda pair: pair[0])
    return results


def unwrap(func, *, stop=None):
    """The innermost function of a chain of __wrapped__ attributes."""
    f = func
    memo = {id(f): f}
    recursion_limit = sys.getrecursionlimit()
    while not isinstance(func, type) and hasattr(func, '__wrapped__'):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
        id_func = id(func)
        if (id_func in memo) or (len(memo) >= recursion_limit):
            raise ValueError('wrapper loop when unwrapping {!r}'.format(f))
        memo[id_func] = func
    return func


def cleandoc(doc):
    """A docstring with its indentation removed (as help() shows it)."""
    lines = doc.expandtabs().split('\n')
    margin = sys.maxsize
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin < sys.maxsize:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def getdoc(object):
    """The object's docstring, cleaned up; None when it has none."""
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def getmodule(object, _filename=None):
    """The module object was defined in, or None."""
    if ismodule(object):
        return object
    module_name = getattr(object, '__module__', None)
    if module_name is None:
        return None
    return sys.modules.get(module_name)


def currentframe():
    """The caller's frame."""
    return sys._getframe(1)


# ---- source code ------------------------------------------------------------

def _code_of(object):
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        return object.__code__
    if iscode(object):
        return object
    raise TypeError('module, class, method, function, traceback, frame, or '
                    'code object was expected, got {}'.format(type(object).__name__))


def _indent(line):
    return len(line) - len(line.lstrip())


def _block_end(lines, start):
    """The end of the block whose header (decorators included) starts at `start`."""
    indent = _indent(lines[start])
    end = start + 1
    in_header = True
    while end < len(lines):
        line = lines[end]
        stripped = line.strip()
        if in_header and not lines[end - 1].strip().startswith('@'):
            in_header = False
        if stripped and _indent(line) <= indent:
            if not (in_header or stripped.startswith(')')):
                break
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def _defines(line, name):
    """Whether line is a `class name` or `def name` statement."""
    stripped = line.lstrip()
    for keyword in ('class ', 'def '):
        if stripped.startswith(keyword):
            rest = stripped[len(keyword):].lstrip()
            if rest.startswith(name) and rest[len(name):len(name) + 1] in ('(', ':', ' '):
                return True
    return False


def _class_start(lines, qualname):
    """The index of the first line (its first decorator, if any) of the class
    statement for qualname ('Outer.Inner', 'f.<locals>.C'), or None; the
    statements are found by their nesting, as CPython's _ClassFinder finds
    them in the module's syntax tree."""
    lo, hi, parent_indent = 0, len(lines), -1
    found = None
    for name in qualname.split('.'):
        if name == '<locals>':
            continue
        found = None
        for i in range(lo, hi):
            if _defines(lines[i], name) and _indent(lines[i]) > parent_indent:
                found = i
                break
        if found is None:
            return None
        parent_indent = _indent(lines[found])
        lo, hi = found + 1, _block_end(lines, found)
    while found > 0 and lines[found - 1].strip().startswith('@') and \
            _indent(lines[found - 1]) == _indent(lines[found]):
        found -= 1
    return found


def getsourcelines(object):
    """The source lines of a module, class, function or method (decorators
    included) and the number of its first line (0 for a module); OSError
    when its file cannot be read or the class is not found in it."""
    object = unwrap(object)
    if ismodule(object) or isclass(object):
        lines = linecache.getlines(getfile(object))
        if not lines:
            raise OSError('could not get source code')
        if ismodule(object):
            return lines, 0
        start = _class_start(lines, object.__qualname__)
        if start is None:
            raise OSError('could not find class definition')
        return lines[start:_block_end(lines, start)], start + 1
    code = _code_of(object)
    lines = linecache.getlines(code.co_filename)
    if not lines:
        raise OSError('could not get source code')
    start = code.co_firstlineno - 1
    if start >= len(lines):
        raise OSError('could not get source code')
    return lines[start:_block_end(lines, start)], code.co_firstlineno


def getsource(object):
    """The source text of a module, class, function or method; OSError when
    it cannot be read."""
    lines, lnum = getsourcelines(object)
    return ''.join(lines)


def getfile(object):
    """The name of the file object was defined in."""
    if ismodule(object):
        if getattr(object, '__file__', None):
            return object.__file__
        raise TypeError('{!r} is a built-in module'.format(object))
    if isclass(object):
        module = sys.modules.get(object.__module__)
        if getattr(module, '__file__', None):
            return module.__file__
        raise TypeError('{!r} is a built-in class'.format(object))
    return _code_of(object).co_filename


getsourcefile = getfile


# ---- signatures -------------------------------------------------------------

class _void:
    """A private marker: "this argument was not given"."""


class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _ParameterKind:
    """How an argument binds to a parameter; an int 0..4 named as CPython names it."""

    def __init__(self, name, value, description):
        self.name = name
        self._name_ = name
        self.value = value
        self._value_ = value
        self.description = description

    def __str__(self):
        return self.name

    def __repr__(self):
        return f'<_ParameterKind.{self.name}: {self.value}>'

    def __int__(self):
        return self.value

    def __index__(self):
        return self.value

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        if isinstance(other, _ParameterKind):
            return self.value == other.value
        if isinstance(other, int):
            return self.value == other
        return NotImplemented

    def __lt__(self, other):
        return self.value < int(other)

    def __le__(self, other):
        return self.value <= int(other)

    def __gt__(self, other):
        return self.value > int(other)

    def __ge__(self, other):
        return self.value >= int(other)


_POSITIONAL_ONLY = _ParameterKind('POSITIONAL_ONLY', 0, 'positional-only')
_POSITIONAL_OR_KEYWORD = _ParameterKind('POSITIONAL_OR_KEYWORD', 1, 'positional or keyword')
_VAR_POSITIONAL = _ParameterKind('VAR_POSITIONAL', 2, 'variadic positional')
_KEYWORD_ONLY = _ParameterKind('KEYWORD_ONLY', 3, 'keyword-only')
_VAR_KEYWORD = _ParameterKind('VAR_KEYWORD', 4, 'variadic keyword')
_PARAMETER_KINDS = (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD, _VAR_POSITIONAL,
                    _KEYWORD_ONLY, _VAR_KEYWORD)


def _parameter_kind(kind):
    if isinstance(kind, _ParameterKind):
        return kind
    if isinstance(kind, int) and not isinstance(kind, bool) and 0 <= kind < 5:
        return _PARAMETER_KINDS[kind]
    raise ValueError(f'value {kind!r} is not a valid Parameter.kind')


_KEYWORDS = frozenset([
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break',
    'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally',
    'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal',
    'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield'])


def _strip_typing_prefix(text):
    """Each dotted word of text without a leading 'typing.' (what
    formatannotation does with re.sub(r'[\\w\\.]+', ...))."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isalnum() or c == '_' or c == '.':
            j = i
            while j < n and (text[j].isalnum() or text[j] == '_' or text[j] == '.'):
                j += 1
            word = text[i:j]
            if word.startswith('typing.'):
                word = word[len('typing.'):]
            out.append(word)
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def formatannotation(annotation, base_module=None):
    """An annotation as signatures print it: int, List[int], mod.Class, 'text'."""
    if getattr(annotation, '__module__', None) == 'typing':
        return _strip_typing_prefix(repr(annotation))
    if _type_name(annotation) == 'GenericAlias':
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


class Parameter:
    """One parameter of a Signature: name, kind, default and annotation."""

    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD

    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self._kind = _parameter_kind(kind)
        if default is not _empty:
            if self._kind == _VAR_POSITIONAL or self._kind == _VAR_KEYWORD:
                msg = '{} parameters cannot have default values'
                raise ValueError(msg.format(self._kind.description))
        self._default = default
        self._annotation = annotation
        if name is _empty:
            raise ValueError('name is a required attribute for Parameter')
        if not isinstance(name, str):
            msg = 'name must be a str, not a {}'.format(type(name).__name__)
            raise TypeError(msg)
        if name[0] == '.' and name[1:].isdigit():
            if self._kind != _POSITIONAL_OR_KEYWORD:
                msg = ('implicit arguments must be passed as '
                       'positional or keyword arguments, not {}')
                raise ValueError(msg.format(self._kind.description))
            self._kind = _POSITIONAL_ONLY
            name = 'implicit{}'.format(name[1:])
        is_keyword = name in _KEYWORDS and self._kind is not _POSITIONAL_ONLY
        if is_keyword or not name.isidentifier():
            raise ValueError('{!r} is not a valid parameter name'.format(name))
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    @property
    def kind(self):
        return self._kind

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        """A copy of the parameter with the given attributes changed."""
        if name is _void:
            name = self._name
        if kind is _void:
            kind = self._kind
        if annotation is _void:
            annotation = self._annotation
        if default is _void:
            default = self._default
        return type(self)(name, kind, default=default, annotation=annotation)

    def __str__(self):
        kind = self.kind
        formatted = self._name
        if self._annotation is not _empty:
            formatted = '{}: {}'.format(formatted, formatannotation(self._annotation))
        if self._default is not _empty:
            if self._annotation is not _empty:
                formatted = '{} = {}'.format(formatted, repr(self._default))
            else:
                formatted = '{}={}'.format(formatted, repr(self._default))
        if kind == _VAR_POSITIONAL:
            formatted = '*' + formatted
        elif kind == _VAR_KEYWORD:
            formatted = '**' + formatted
        return formatted

    def __repr__(self):
        return '<{} "{}">'.format(self.__class__.__name__, self)

    def __hash__(self):
        return hash((self.name, self.kind, self.annotation, self.default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and
                self._kind == other._kind and
                self._default == other._default and
                self._annotation == other._annotation)


class BoundArguments:
    """The result of Signature.bind: each given argument under its parameter's name."""

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    @property
    def signature(self):
        return self._signature

    @property
    def args(self):
        args = []
        for param_name, param in self._signature.parameters.items():
            if param.kind == _VAR_KEYWORD or param.kind == _KEYWORD_ONLY:
                break
            if param_name not in self.arguments:
                break
            arg = self.arguments[param_name]
            if param.kind == _VAR_POSITIONAL:
                args.extend(arg)
            else:
                args.append(arg)
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        kwargs_started = False
        for param_name, param in self._signature.parameters.items():
            if not kwargs_started:
                if param.kind == _VAR_KEYWORD or param.kind == _KEYWORD_ONLY:
                    kwargs_started = True
                elif param_name not in self.arguments:
                    kwargs_started = True
                    continue
            if not kwargs_started:
                continue
            if param_name in self.arguments:
                arg = self.arguments[param_name]
                if param.kind == _VAR_KEYWORD:
                    kwargs.update(arg)
                else:
                    kwargs[param_name] = arg
        return kwargs

    def apply_defaults(self):
        """Adds the defaults of the parameters no argument was given for."""
        arguments = self.arguments
        new_arguments = []
        for name, param in self._signature.parameters.items():
            if name in arguments:
                new_arguments.append((name, arguments[name]))
                continue
            if param.default is not _empty:
                val = param.default
            elif param.kind is _VAR_POSITIONAL:
                val = ()
            elif param.kind is _VAR_KEYWORD:
                val = {}
            else:
                continue
            new_arguments.append((name, val))
        self.arguments = dict(new_arguments)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return (self.signature == other.signature and
                self.arguments == other.arguments)

    def __repr__(self):
        args = []
        for arg, value in self.arguments.items():
            args.append('{}={!r}'.format(arg, value))
        return '<{} ({})>'.format(self.__class__.__name__, ', '.join(args))


class Signature:
    """The parameters and return annotation of a callable."""

    _parameter_cls = Parameter
    _bound_arguments_cls = BoundArguments

    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty,
                 __validate_parameters__=True):
        params = collections.OrderedDict()
        if parameters is not None:
            if __validate_parameters__:
                top_kind = _POSITIONAL_ONLY
                kind_defaults = False
                for param in parameters:
                    kind = param.kind
                    name = param.name
                    if kind < top_kind:
                        msg = 'wrong parameter order: {} parameter before {} parameter'
                        raise ValueError(msg.format(top_kind.description, kind.description))
                    elif kind > top_kind:
                        kind_defaults = False
                        top_kind = kind
                    if kind == _POSITIONAL_ONLY or kind == _POSITIONAL_OR_KEYWORD:
                        if param.default is _empty:
                            if kind_defaults:
                                raise ValueError('non-default argument follows default '
                                                 'argument')
                        else:
                            kind_defaults = True
                    if name in params:
                        raise ValueError('duplicate parameter name: {!r}'.format(name))
                    params[name] = param
            else:
                for param in parameters:
                    params[param.name] = param
        self._parameters = MappingProxyType(params)
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True):
        """The signature of callable obj."""
        return _signature_from_callable(obj, follow_wrapped, True, cls)

    @property
    def parameters(self):
        return self._parameters

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=_void, return_annotation=_void):
        """A copy of the signature with the given attributes changed."""
        if parameters is _void:
            parameters = self.parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    def _hash_basis(self):
        params = tuple(param for param in self.parameters.values()
                       if param.kind != _KEYWORD_ONLY)
        kwo_params = {param.name: param for param in self.parameters.values()
                      if param.kind == _KEYWORD_ONLY}
        return params, kwo_params, self.return_annotation

    def __hash__(self):
        params, kwo_params, return_annotation = self._hash_basis()
        return hash((params, frozenset(kwo_params.values()), return_annotation))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return self._hash_basis() == other._hash_basis()

    def _bind(self, args, kwargs, *, partial=False):
        arguments = {}
        parameters = iter(self.parameters.values())
        parameters_ex = ()
        arg_vals = iter(args)
        while True:
            try:
                arg_val = next(arg_vals)
            except StopIteration:
                try:
                    param = next(parameters)
                except StopIteration:
                    break
                if param.kind == _VAR_POSITIONAL:
                    break
                elif param.name in kwargs:
                    if param.kind == _POSITIONAL_ONLY:
                        msg = ('{arg!r} parameter is positional only, '
                               'but was passed as a keyword')
                        raise TypeError(msg.format(arg=param.name)) from None
                    parameters_ex = (param,)
                    break
                elif param.kind == _VAR_KEYWORD or param.default is not _empty:
                    parameters_ex = (param,)
                    break
                elif partial:
                    parameters_ex = (param,)
                    break
                else:
                    msg = 'missing a required argument: {arg!r}'
                    raise TypeError(msg.format(arg=param.name)) from None
            else:
                try:
                    param = next(parameters)
                except StopIteration:
                    raise TypeError('too many positional arguments') from None
                if param.kind == _VAR_KEYWORD or param.kind == _KEYWORD_ONLY:
                    raise TypeError('too many positional arguments') from None
                if param.kind == _VAR_POSITIONAL:
                    values = [arg_val]
                    values.extend(arg_vals)
                    arguments[param.name] = tuple(values)
                    break
                if param.name in kwargs and param.kind != _POSITIONAL_ONLY:
                    raise TypeError('multiple values for argument {arg!r}'.format(
                        arg=param.name)) from None
                arguments[param.name] = arg_val

        kwargs_param = None
        for param in list(parameters_ex) + list(parameters):
            if param.kind == _VAR_KEYWORD:
                kwargs_param = param
                continue
            if param.kind == _VAR_POSITIONAL:
                continue
            param_name = param.name
            if param_name not in kwargs:
                if not partial and param.default is _empty:
                    raise TypeError('missing a required argument: {arg!r}'.format(
                        arg=param_name)) from None
            else:
                arg_val = kwargs.pop(param_name)
                if param.kind == _POSITIONAL_ONLY:
                    raise TypeError('{arg!r} parameter is positional only, '
                                    'but was passed as a keyword'.format(arg=param.name))
                arguments[param_name] = arg_val
        if kwargs:
            if kwargs_param is not None:
                arguments[kwargs_param.name] = kwargs
            else:
                raise TypeError('got an unexpected keyword argument {arg!r}'.format(
                    arg=next(iter(kwargs))))
        return self._bound_arguments_cls(self, arguments)

    def bind(self, /, *args, **kwargs):
        """Maps args and kwargs to the parameters; TypeError if they do not fit."""
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        """As bind, but required parameters may be left without an argument."""
        return self._bind(args, kwargs, partial=True)

    def __repr__(self):
        return '<{} {}>'.format(self.__class__.__name__, self)

    def __str__(self):
        result = []
        render_pos_only_separator = False
        render_kw_only_separator = True
        for param in self.parameters.values():
            formatted = str(param)
            kind = param.kind
            if kind == _POSITIONAL_ONLY:
                render_pos_only_separator = True
            elif render_pos_only_separator:
                result.append('/')
                render_pos_only_separator = False
            if kind == _VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind == _KEYWORD_ONLY and render_kw_only_separator:
                result.append('*')
                render_kw_only_separator = False
            result.append(formatted)
        if render_pos_only_separator:
            result.append('/')
        rendered = '({})'.format(', '.join(result))
        if self.return_annotation is not _empty:
            anno = formatannotation(self.return_annotation)
            rendered += ' -> {}'.format(anno)
        return rendered


def _signature_from_function(cls, func):
    code = func.__code__
    pos_count = code.co_argcount
    arg_names = code.co_varnames
    posonly_count = code.co_posonlyargcount
    positional = arg_names[:pos_count]
    keyword_only_count = code.co_kwonlyargcount
    keyword_only = arg_names[pos_count:pos_count + keyword_only_count]
    annotations = func.__annotations__
    defaults = func.__defaults__
    kwdefaults = func.__kwdefaults__
    pos_default_count = len(defaults) if defaults else 0
    parameters = []
    non_default_count = pos_count - pos_default_count
    posonly_left = posonly_count
    for name in positional[:non_default_count]:
        kind = _POSITIONAL_ONLY if posonly_left else _POSITIONAL_OR_KEYWORD
        parameters.append(Parameter(name, kind, annotation=annotations.get(name, _empty)))
        if posonly_left:
            posonly_left -= 1
    for offset, name in enumerate(positional[non_default_count:]):
        kind = _POSITIONAL_ONLY if posonly_left else _POSITIONAL_OR_KEYWORD
        parameters.append(Parameter(name, kind, annotation=annotations.get(name, _empty),
                                    default=defaults[offset]))
        if posonly_left:
            posonly_left -= 1
    if code.co_flags & CO_VARARGS:
        name = arg_names[pos_count + keyword_only_count]
        parameters.append(Parameter(name, _VAR_POSITIONAL,
                                    annotation=annotations.get(name, _empty)))
    for name in keyword_only:
        default = _empty
        if kwdefaults is not None:
            default = kwdefaults.get(name, _empty)
        parameters.append(Parameter(name, _KEYWORD_ONLY,
                                    annotation=annotations.get(name, _empty),
                                    default=default))
    if code.co_flags & CO_VARKEYWORDS:
        index = pos_count + keyword_only_count
        if code.co_flags & CO_VARARGS:
            index += 1
        name = arg_names[index]
        parameters.append(Parameter(name, _VAR_KEYWORD,
                                    annotation=annotations.get(name, _empty)))
    return cls(parameters, return_annotation=annotations.get('return', _empty),
               __validate_parameters__=False)


def _signature_bound_method(sig):
    """The signature of a method bound to its first argument."""
    params = tuple(sig.parameters.values())
    if not params or params[0].kind == _VAR_KEYWORD or params[0].kind == _KEYWORD_ONLY:
        raise ValueError('invalid method signature')
    kind = params[0].kind
    if kind == _POSITIONAL_OR_KEYWORD or kind == _POSITIONAL_ONLY:
        params = params[1:]
    elif kind is not _VAR_POSITIONAL:
        raise ValueError('invalid argument type')
    return sig.replace(parameters=params)


def _signature_get_partial(wrapped_sig, partial):
    old_params = wrapped_sig.parameters
    new_params = collections.OrderedDict(old_params.items())
    partial_args = partial.args or ()
    partial_keywords = partial.keywords or {}
    try:
        ba = wrapped_sig.bind_partial(*partial_args, **partial_keywords)
    except TypeError:
        msg = 'partial object {!r} has incorrect arguments'.format(partial)
        raise ValueError(msg) from None
    transform_to_kwonly = False
    for param_name, param in old_params.items():
        if param_name in ba.arguments:
            arg_value = ba.arguments[param_name]
            if param.kind is _POSITIONAL_ONLY:
                new_params.pop(param_name)
                continue
            if param.kind is _POSITIONAL_OR_KEYWORD:
                if param_name in partial_keywords:
                    transform_to_kwonly = True
                    new_params[param_name] = param.replace(default=arg_value)
                else:
                    new_params.pop(param.name)
                    continue
            if param.kind is _KEYWORD_ONLY:
                new_params[param_name] = param.replace(default=arg_value)
        if transform_to_kwonly:
            if param.kind is _POSITIONAL_OR_KEYWORD:
                new_params[param_name] = new_params[param_name].replace(kind=_KEYWORD_ONLY)
                new_params.move_to_end(param_name)
            elif param.kind is _KEYWORD_ONLY or param.kind is _VAR_KEYWORD:
                new_params.move_to_end(param_name)
            elif param.kind is _VAR_POSITIONAL:
                new_params.pop(param.name)
    return wrapped_sig.replace(parameters=new_params.values())


def _user_defined_method(cls, name):
    """cls's attribute `name` when it is a Python function (not object's own)."""
    for base in cls.__mro__:
        if name in base.__dict__:
            meth = base.__dict__[name]
            if _type_name(meth) == 'staticmethod' or _type_name(meth) == 'classmethod':
                meth = meth.__func__
            if isfunction(meth) or hasattr(meth, '__signature__'):
                return base, meth
            return base, None
    return None, None


def _signature_from_callable(obj, follow_wrapper_chains=True, skip_bound_arg=True,
                             sigcls=None):
    if sigcls is None:
        sigcls = Signature
    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))
    if ismethod(obj):
        sig = _signature_from_callable(obj.__func__, follow_wrapper_chains,
                                       skip_bound_arg, sigcls)
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig
    if follow_wrapper_chains:
        obj = unwrap(obj, stop=(lambda f: hasattr(f, "__signature__")))
        if ismethod(obj):
            return _signature_from_callable(obj, follow_wrapper_chains,
                                            skip_bound_arg, sigcls)
    if not isinstance(obj, type):
        sig = getattr(obj, '__signature__', None)
        if sig is not None:
            if not isinstance(sig, Signature):
                raise TypeError('unexpected object {!r} in __signature__ '
                                'attribute'.format(sig))
            return sig
    if isfunction(obj):
        return _signature_from_function(sigcls, obj)
    if isbuiltin(obj):
        raise ValueError("no signature found for builtin {!r}".format(obj))
    if isinstance(obj, functools.partial):
        wrapped_sig = _signature_from_callable(obj.func, follow_wrapper_chains,
                                               skip_bound_arg, sigcls)
        return _signature_get_partial(wrapped_sig, obj)
    if isinstance(obj, type):
        sig = obj.__dict__.get('__signature__')
        if isinstance(sig, Signature):
            return sig
        # A metaclass's own __call__ decides what calling the class takes.
        call_base, call = _user_defined_method(type(obj), '__call__')
        if call is not None and call_base is not type:
            sig = _signature_from_callable(call, follow_wrapper_chains,
                                           skip_bound_arg, sigcls)
            return _signature_bound_method(sig) if skip_bound_arg else sig
        new_base, new = _user_defined_method(obj, '__new__')
        init_base, init = _user_defined_method(obj, '__init__')
        chosen = None
        for base in obj.__mro__:
            if new is not None and base is new_base:
                chosen = new
                break
            if init is not None and base is init_base:
                chosen = init
                break
        if chosen is not None:
            sig = _signature_from_callable(chosen, follow_wrapper_chains,
                                           skip_bound_arg, sigcls)
            if skip_bound_arg:
                return _signature_bound_method(sig)
            return sig
        if type not in obj.__mro__:
            if new_base in (None, object) and init_base in (None, object):
                return sigcls([])
        raise ValueError('no signature found for builtin type {!r}'.format(obj))
    call_base, call = _user_defined_method(type(obj), '__call__')
    if call is not None:
        sig = _signature_from_callable(call, follow_wrapper_chains,
                                       skip_bound_arg, sigcls)
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig
    raise ValueError('callable {!r} is not supported by signature'.format(obj))


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    """The Signature of callable obj."""
    return Signature.from_callable(obj, follow_wrapped=follow_wrapped)


FullArgSpec = collections.namedtuple(
    'FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')


def getfullargspec(func):
    """The names and defaults of func's parameters, as a FullArgSpec."""
    try:
        sig = _signature_from_callable(func, False, False, Signature)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args = []
    varargs = None
    varkw = None
    posonlyargs = []
    kwonlyargs = []
    annotations = {}
    defaults = ()
    kwdefaults = {}
    if sig.return_annotation is not sig.empty:
        annotations['return'] = sig.return_annotation
    for param in sig.parameters.values():
        kind = param.kind
        name = param.name
        if kind is _POSITIONAL_ONLY:
            posonlyargs.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _POSITIONAL_OR_KEYWORD:
            args.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _VAR_POSITIONAL:
            varargs = name
        elif kind is _KEYWORD_ONLY:
            kwonlyargs.append(name)
            if param.default is not param.empty:
                kwdefaults[name] = param.default
        elif kind is _VAR_KEYWORD:
            varkw = name
        if param.annotation is not param.empty:
            annotations[name] = param.annotation
    if not kwdefaults:
        kwdefaults = None
    if not defaults:
        defaults = None
    return FullArgSpec(posonlyargs + args, varargs, varkw, defaults,
                       kwonlyargs, kwdefaults, annotations)


# ---- more introspection -----------------------------------------------------

def getmro(cls):
    """The classes cls's attributes are looked up in, in order."""
    return cls.__mro__


def getmodulename(path):
    """The module name a file path would import as, or None."""
    fname = path.replace('\\', '/').rsplit('/', 1)[-1]
    if fname.endswith('.py'):
        return fname[:-len('.py')]
    return None


def getabsfile(object, _filename=None):
    """The absolute, normalized path of the file object was defined in."""
    import os
    if _filename is None:
        _filename = getfile(object)
    return os.path.normcase(os.path.abspath(_filename))


def indentsize(line):
    """The indentation of a line, tabs expanded."""
    expline = line.expandtabs()
    return len(expline) - len(expline.lstrip())


def getcomments(object):
    """The comment lines just above an object's source; None when there are none."""
    try:
        lines, lnum = getsourcelines(object)
    except (OSError, TypeError):
        return None
    all_lines = linecache.getlines(getfile(unwrap(object)))
    if lnum == 0:
        return None
    end = lnum - 2
    if end < 0 or not all_lines[end].lstrip().startswith('#'):
        return None
    start = end
    indent = indentsize(all_lines[end])
    while start > 0:
        above = all_lines[start - 1]
        if above.lstrip().startswith('#') and indentsize(above) == indent:
            start -= 1
        else:
            break
    comments = [line.expandtabs().lstrip() for line in all_lines[start:end + 1]]
    return ''.join(comments)


def isasyncgen(object):
    return False


def isgetsetdescriptor(object):
    return _type_name(object) == 'getset_descriptor'


def ismemberdescriptor(object):
    return _type_name(object) == 'member_descriptor'


def ismethodwrapper(object):
    return _type_name(object) == 'method-wrapper'


def formatannotationrelativeto(object):
    module = getattr(object, '__module__', None)

    def _formatannotation(annotation):
        return formatannotation(annotation, module)
    return _formatannotation


def get_annotations(obj, *, globals=None, locals=None, eval_str=False):
    """A fresh dict of obj's own annotations (a class's, not its bases').

    refc has no eval: eval_str=True raises NotImplementedError when a string
    annotation is present (typing.get_type_hints evaluates them).
    """
    if isinstance(obj, type):
        ann = obj.__dict__.get('__annotations__', None)
    elif ismodule(obj):
        ann = getattr(obj, '__annotations__', None)
    elif callable(obj):
        ann = getattr(obj, '__annotations__', None)
    else:
        raise TypeError(f"{obj!r} is not a module, class, or callable.")
    if ann is None:
        return {}
    if not isinstance(ann, dict):
        raise ValueError(f"{obj!r}.__annotations__ is neither a dict nor None")
    if not ann:
        return {}
    if eval_str and any(isinstance(v, str) for v in ann.values()):
        raise NotImplementedError("get_annotations(eval_str=True) needs eval, "
                                  "which refc does not have")
    return dict(ann)


def _missing_arguments(f_name, argnames, pos, values):
    names = [repr(name) for name in argnames if name not in values]
    missing = len(names)
    if missing == 1:
        s = names[0]
    elif missing == 2:
        s = "{} and {}".format(*names)
    else:
        tail = ", {} and {}".format(*names[-2:])
        del names[-2:]
        s = ", ".join(names) + tail
    raise TypeError("%s() missing %i required %s argument%s: %s" %
                    (f_name, missing,
                     "positional" if pos else "keyword-only",
                     "" if missing == 1 else "s", s))


def _too_many(f_name, args, kwonly, varargs, defcount, given, values):
    atleast = len(args) - defcount
    kwonly_given = len([arg for arg in kwonly if arg in values])
    if varargs:
        plural = atleast != 1
        sig = "at least %d" % (atleast,)
    elif defcount:
        plural = True
        sig = "from %d to %d" % (atleast, len(args))
    else:
        plural = len(args) != 1
        sig = str(len(args))
    kwonly_sig = ""
    if kwonly_given:
        msg = " positional argument%s (and %d keyword-only argument%s)"
        kwonly_sig = (msg % ("s" if given != 1 else "", kwonly_given,
                             "s" if kwonly_given != 1 else ""))
    raise TypeError("%s() takes %s positional argument%s but %d%s %s given" %
                    (f_name, sig, "s" if plural else "", given, kwonly_sig,
                     "was" if given == 1 and not kwonly_given else "were"))


def getcallargs(func, /, *positional, **named):
    """The dict of parameter names to the values a call with these arguments binds."""
    spec = getfullargspec(func)
    args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, ann = spec
    f_name = func.__name__
    arg2value = {}
    if ismethod(func) and func.__self__ is not None:
        positional = (func.__self__,) + positional
    num_pos = len(positional)
    num_args = len(args)
    num_defaults = len(defaults) if defaults else 0
    n = min(num_pos, num_args)
    for i in range(n):
        arg2value[args[i]] = positional[i]
    if varargs:
        arg2value[varargs] = tuple(positional[n:])
    possible_kwargs = set(args + kwonlyargs)
    if varkw:
        arg2value[varkw] = {}
    for kw, value in named.items():
        if kw not in possible_kwargs:
            if not varkw:
                raise TypeError("%s() got an unexpected keyword argument %r" % (f_name, kw))
            arg2value[varkw][kw] = value
            continue
        if kw in arg2value:
            raise TypeError("%s() got multiple values for argument %r" % (f_name, kw))
        arg2value[kw] = value
    if num_pos > num_args and not varargs:
        _too_many(f_name, args, kwonlyargs, varargs, num_defaults, num_pos, arg2value)
    if num_pos < num_args:
        req = args[:num_args - num_defaults]
        for arg in req:
            if arg not in arg2value:
                _missing_arguments(f_name, req, True, arg2value)
        for i, arg in enumerate(args[num_args - num_defaults:]):
            if arg not in arg2value:
                arg2value[arg] = defaults[i]
    missing = 0
    for kwarg in kwonlyargs:
        if kwarg not in arg2value:
            if kwonlydefaults and kwarg in kwonlydefaults:
                arg2value[kwarg] = kwonlydefaults[kwarg]
            else:
                missing += 1
    if missing:
        _missing_arguments(f_name, kwonlyargs, False, arg2value)
    return arg2value


ClosureVars = collections.namedtuple('ClosureVars', 'nonlocals globals builtins unbound')


def getclosurevars(func):
    """The current values of the names func's body reads: nonlocal, global
    and builtin, and the names that resolve to nothing."""
    if ismethod(func):
        func = func.__func__
    if not isfunction(func):
        raise TypeError("{!r} is not a Python function".format(func))
    code = func.__code__
    if func.__closure__ is None:
        nonlocal_vars = {}
    else:
        nonlocal_vars = {var: cell.cell_contents
                         for var, cell in zip(code.co_freevars, func.__closure__)}
    global_ns = func.__globals__
    builtins = sys.modules['builtins']
    global_vars = {}
    builtin_vars = {}
    unbound_names = set()
    for name in code.co_names:
        if name in ("None", "True", "False"):
            continue
        if name in global_ns:
            global_vars[name] = global_ns[name]
        elif hasattr(builtins, name):
            builtin_vars[name] = getattr(builtins, name)
        else:
            unbound_names.add(name)
    return ClosureVars(nonlocal_vars, global_vars, builtin_vars, unbound_names)


_sentinel = object()


def getattr_static(obj, attr, default=_sentinel):
    """obj's attribute attr found without running descriptors or __getattr__:
    the instance dict first (unless a data descriptor shadows it), then the
    class dicts along the MRO."""
    instance_result = _sentinel
    if not isinstance(obj, type):
        klass = type(obj)
        instance_dict = getattr(obj, '__dict__', None)
        if isinstance(instance_dict, dict) and attr in instance_dict:
            instance_result = instance_dict[attr]
    else:
        klass = obj
    klass_result = _sentinel
    for entry in klass.__mro__:
        if attr in entry.__dict__:
            klass_result = entry.__dict__[attr]
            break
    if isinstance(obj, type) and klass_result is _sentinel:
        for entry in type(obj).__mro__:
            if attr in entry.__dict__:
                klass_result = entry.__dict__[attr]
                break
    if instance_result is not _sentinel and klass_result is not _sentinel:
        if hasattr(type(klass_result), '__get__') and (
                hasattr(type(klass_result), '__set__') or hasattr(type(klass_result), '__delete__')):
            return klass_result
    if instance_result is not _sentinel:
        return instance_result
    if klass_result is not _sentinel:
        return klass_result
    if default is not _sentinel:
        return default
    raise AttributeError(attr)


GEN_CREATED = 'GEN_CREATED'
GEN_RUNNING = 'GEN_RUNNING'
GEN_SUSPENDED = 'GEN_SUSPENDED'
GEN_CLOSED = 'GEN_CLOSED'


def getgeneratorstate(generator):
    """Where a generator is: created, running, suspended or closed."""
    if generator.gi_running:
        return GEN_RUNNING
    if generator.gi_suspended:
        return GEN_SUSPENDED
    # refc's generators have no gi_frame; their gi_code is None exactly when
    # the frame is gone.
    if getattr(generator, 'gi_frame', generator.gi_code) is None:
        return GEN_CLOSED
    return GEN_CREATED


CORO_CREATED = 'CORO_CREATED'
CORO_RUNNING = 'CORO_RUNNING'
CORO_SUSPENDED = 'CORO_SUSPENDED'
CORO_CLOSED = 'CORO_CLOSED'


Traceback = collections.namedtuple('Traceback', 'filename lineno function code_context index')
FrameInfo = collections.namedtuple('FrameInfo', 'frame filename lineno function code_context index')
ArgInfo = collections.namedtuple('ArgInfo', 'args varargs keywords locals')
Arguments = collections.namedtuple('Arguments', 'args, varargs, varkw')


def getargs(co):
    """The argument names of code object co, as an Arguments tuple."""
    if not iscode(co):
        raise TypeError('{!r} is not a code object'.format(co))
    names = co.co_varnames
    nargs = co.co_argcount
    nkwargs = co.co_kwonlyargcount
    args = list(names[:nargs])
    kwonlyargs = list(names[nargs:nargs + nkwargs])
    nargs += nkwargs
    varargs = None
    if co.co_flags & CO_VARARGS:
        varargs = co.co_varnames[nargs]
        nargs = nargs + 1
    varkw = None
    if co.co_flags & CO_VARKEYWORDS:
        varkw = co.co_varnames[nargs]
    return Arguments(args + kwonlyargs, varargs, varkw)


def getlineno(frame):
    """The line a frame is running."""
    return frame.f_lineno


def getframeinfo(frame, context=1):
    """A Traceback tuple of where frame is: file, line, function and source lines."""
    lineno = frame.f_lineno
    filename = frame.f_code.co_filename
    if context > 0:
        start = lineno - 1 - context // 2
        lines = linecache.getlines(filename)
        if lines:
            start = max(0, min(start, len(lines) - context))
            lines = lines[start:start + context]
            index = lineno - 1 - start
        else:
            lines = index = None
    else:
        lines = index = None
    return Traceback(filename, lineno, frame.f_code.co_name, lines, index)


def getouterframes(frame, context=1):
    """FrameInfo tuples for frame and each frame that called it, innermost first."""
    framelist = []
    while frame:
        info = getframeinfo(frame, context)
        framelist.append(FrameInfo(frame, *info))
        frame = frame.f_back
    return framelist


def stack(context=1):
    """FrameInfo tuples for the caller's stack, innermost first."""
    return getouterframes(sys._getframe(1), context)
