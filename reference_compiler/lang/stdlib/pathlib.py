"""pathlib for refc: object-oriented POSIX paths with CPython 3.11's behaviour.

PurePath / PurePosixPath hold a path split into parts as CPython's
_PosixFlavour parses it (repeated and trailing slashes and '.' parts dropped,
a leading '//' kept) and print the same str and repr; Path / PosixPath add
the file-system calls, made through the os module (stat and the
stat-based predicates, mkdir, iterdir, glob, unlink, rmdir, rename) and through open() for
read_text / write_text. refc classes have single inheritance, so the chain is
PosixPath -> Path -> PurePosixPath -> PurePath, which is the MRO CPython's
PosixPath(Path, PurePosixPath) has; PurePath derives from os.PathLike (CPython
registers it as a virtual subclass, so its __mro__ ends in object directly).
"""

import os as _os
import sys as _sys

__all__ = ['PurePath', 'PurePosixPath', 'Path', 'PosixPath']

_SEP = '/'


def _split_root(part):
    if part and part[0] == _SEP:
        stripped = part.lstrip(_SEP)
        if len(part) - len(stripped) == 2:
            return '', _SEP * 2, stripped
        return '', _SEP, stripped
    return '', '', part


def _parse_parts(parts):
    """(drive, root, parts) of the joined strings, as _PosixFlavour.parse_parts."""
    parsed = []
    root = ''
    for part in reversed(parts):
        if not part:
            continue
        _, root, rel = _split_root(part)
        for x in reversed(rel.split(_SEP)):
            if x and x != '.':
                parsed.append(x)
        if root:
            break
    if root:
        parsed.append(root)
    parsed.reverse()
    return '', root, parsed


def _fspath_str(a):
    a = _os.fspath(a)
    if isinstance(a, str):
        return str(a)
    raise TypeError('argument should be a str object or an os.PathLike object '
                    'returning str, not %r' % (type(a),))


def _format_parts(drv, root, parts):
    if drv or root:
        return drv + root + _SEP.join(parts[1:])
    return _SEP.join(parts)


_URI_SAFE = frozenset('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
                      '0123456789_.-~/')


def _utf8_units(code):
    if code < 0x80:
        return [code]
    if code < 0x800:
        return [0xc0 | (code >> 6), 0x80 | (code & 0x3f)]
    if code < 0x10000:
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    return [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f),
            0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]


def _quote(text):
    """urllib.parse.quote_from_bytes(text.encode('utf-8')) with '/' safe."""
    out = []
    for ch in text:
        if ch in _URI_SAFE:
            out.append(ch)
        else:
            out.extend('%%%02X' % unit for unit in _utf8_units(ord(ch)))
    return ''.join(out)


# ---- glob patterns (fnmatch's *, ? and [...]) ---------------------------------------------

def _match_class(pattern, i, ch):
    """(matched, index after the class) for the [...] class at pattern[i]."""
    j = i + 1
    negate = False
    if j < len(pattern) and pattern[j] == '!':
        negate = True
        j += 1
    start = j
    while j < len(pattern) and (pattern[j] != ']' or j == start):
        j += 1
    if j >= len(pattern):
        return None, i
    body = pattern[start:j]
    matched = False
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == '-':
            if body[k] <= ch <= body[k + 2]:
                matched = True
            k += 3
        else:
            if body[k] == ch:
                matched = True
            k += 1
    return matched != negate, j + 1


def _fnmatch(name, pattern):
    """fnmatch.fnmatchcase(name, pattern)."""
    def match(ni, pi):
        while pi < len(pattern):
            p = pattern[pi]
            if p == '*':
                while pi < len(pattern) and pattern[pi] == '*':
                    pi += 1
                if pi == len(pattern):
                    return True
                for k in range(ni, len(name) + 1):
                    if match(k, pi):
                        return True
                return False
            if ni >= len(name):
                return False
            if p == '?':
                ni += 1
                pi += 1
            elif p == '[':
                matched, after = _match_class(pattern, pi, name[ni])
                if matched is None:
                    if name[ni] != '[':
                        return False
                    ni += 1
                    pi += 1
                elif not matched:
                    return False
                else:
                    ni += 1
                    pi = after
            else:
                if name[ni] != p:
                    return False
                ni += 1
                pi += 1
        return ni == len(name)
    return match(0, 0)


def _is_wildcard_pattern(pat):
    return '*' in pat or '?' in pat or '[' in pat


# ---- pure paths -------------------------------------------------------------------------

class _PathParents(object):
    """The logical ancestors of a path: path.parents."""

    def __init__(self, path):
        self._pathcls = type(path)
        self._drv = path._drv
        self._root = path._root
        self._parts = path._parts
        self._path = path

    def __len__(self):
        if self._drv or self._root:
            return len(self._parts) - 1
        return len(self._parts)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in range(*idx.indices(len(self))))
        if idx >= len(self) or idx < -len(self):
            raise IndexError(idx)
        if idx < 0:
            idx += len(self)
        return self._pathcls._from_parsed_parts(self._drv, self._root,
                                                self._parts[:-idx - 1])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __repr__(self):
        return '<{}.parents>'.format(self._pathcls.__name__)


class PurePath(_os.PathLike):
    """Base class for manipulating paths without I/O."""

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    def __reduce__(self):
        return (self.__class__, tuple(self._parts))

    @classmethod
    def _parse_args(cls, args):
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                parts += a._parts
            else:
                parts.append(_fspath_str(a))
        return _parse_parts(parts)

    @classmethod
    def _from_parts(cls, args):
        self = object.__new__(cls)
        drv, root, parts = cls._parse_args(args)
        self._drv = drv
        self._root = root
        self._parts = parts
        return self

    @classmethod
    def _from_parsed_parts(cls, drv, root, parts):
        self = object.__new__(cls)
        self._drv = drv
        self._root = root
        self._parts = parts
        return self

    def _make_child(self, args):
        drv, root, parts = self._parse_args(args)
        if root:
            return self._from_parsed_parts(drv, root, parts)
        return self._from_parsed_parts(self._drv, self._root, self._parts + parts)

    def __str__(self):
        return _format_parts(self._drv, self._root, self._parts) or '.'

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def as_uri(self):
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        return 'file://' + _quote(str(self))

    def __repr__(self):
        return '{}({!r})'.format(self.__class__.__name__, self.as_posix())

    def _same_flavour(self, other):
        return isinstance(other, PurePosixPath)

    def __eq__(self, other):
        if not isinstance(other, PurePath) or not self._same_flavour(other):
            return NotImplemented
        return self._parts == other._parts

    def __hash__(self):
        return hash(tuple(self._parts))

    def __lt__(self, other):
        if not isinstance(other, PurePath) or not self._same_flavour(other):
            return NotImplemented
        return self._parts < other._parts

    def __le__(self, other):
        if not isinstance(other, PurePath) or not self._same_flavour(other):
            return NotImplemented
        return self._parts <= other._parts

    def __gt__(self, other):
        if not isinstance(other, PurePath) or not self._same_flavour(other):
            return NotImplemented
        return self._parts > other._parts

    def __ge__(self, other):
        if not isinstance(other, PurePath) or not self._same_flavour(other):
            return NotImplemented
        return self._parts >= other._parts

    def __truediv__(self, key):
        try:
            return self._make_child((key,))
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return self._from_parts([key] + self._parts)
        except TypeError:
            return NotImplemented

    @property
    def drive(self):
        return self._drv

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._drv + self._root

    @property
    def parts(self):
        return tuple(self._parts)

    @property
    def name(self):
        parts = self._parts
        if len(parts) == (1 if (self._drv or self._root) else 0):
            return ''
        return parts[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + suffix for suffix in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        drv, root, parts = _parse_parts((name,))
        if not name or name[-1] == _SEP or drv or root or len(parts) != 1:
            raise ValueError('Invalid name %r' % (name,))
        return self._from_parsed_parts(self._drv, self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if _SEP in suffix:
            raise ValueError('Invalid suffix %r' % (suffix,))
        if suffix and not suffix.startswith('.') or suffix == '.':
            raise ValueError('Invalid suffix %r' % (suffix,))
        name = self.name
        if not name:
            raise ValueError('%r has an empty name' % (self,))
        old_suffix = self.suffix
        if not old_suffix:
            name = name + suffix
        else:
            name = name[:-len(old_suffix)] + suffix
        return self._from_parsed_parts(self._drv, self._root, self._parts[:-1] + [name])

    def relative_to(self, *other):
        if not other:
            raise TypeError('need at least one argument')
        parts = self._parts
        root = self._root
        abs_parts = [self._drv, root] + parts[1:] if root else parts
        to_drv, to_root, to_parts = self._parse_args(other)
        to_abs_parts = [to_drv, to_root] + to_parts[1:] if to_root else to_parts
        n = len(to_abs_parts)
        if (root if n == 0 else abs_parts[:n] != to_abs_parts):
            formatted = _format_parts(to_drv, to_root, to_parts)
            raise ValueError('{!r} is not in the subpath of {!r} OR one path is '
                             'relative and the other is absolute.'
                             .format(str(self), str(formatted)))
        return self._from_parsed_parts('', root if n == 1 else '', abs_parts[n:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def joinpath(self, *args):
        return self._make_child(args)

    @property
    def parent(self):
        drv = self._drv
        root = self._root
        parts = self._parts
        if len(parts) == 1 and (drv or root):
            return self
        if not parts:
            return self
        return self._from_parsed_parts(drv, root, parts[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def match(self, path_pattern):
        drv, root, pat_parts = _parse_parts((path_pattern,))
        if not pat_parts:
            raise ValueError('empty pattern')
        if root and root != self._root:
            return False
        parts = self._parts
        if drv or root:
            if len(pat_parts) != len(parts):
                return False
            pat_parts = pat_parts[1:]
        elif len(pat_parts) > len(parts):
            return False
        for part, pat in zip(reversed(parts), reversed(pat_parts)):
            if not _fnmatch(part, pat):
                return False
        return True


class PurePosixPath(PurePath):
    """PurePath subclass for non-Windows systems."""
    pass


# ---- concrete paths ----------------------------------------------------------------------

class Path(PurePosixPath):
    """PurePath subclass that can make system calls."""

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    def _make_child_relpath(self, part):
        return self._from_parsed_parts(self._drv, self._root, self._parts + [part])

    @classmethod
    def cwd(cls):
        return cls(_os.getcwd())

    @classmethod
    def home(cls):
        return cls('~').expanduser()

    def absolute(self):
        if self.is_absolute():
            return self
        return self._from_parts([_os.getcwd()] + self._parts)

    def resolve(self, strict=False):
        s = _os.path.realpath(str(self))
        if strict and not _os.path.exists(s):
            raise FileNotFoundError(2, 'No such file or directory', str(self))
        return type(self)(s)

    def expanduser(self):
        if self._parts and self._parts[0][:1] == '~':
            expanded = _os.path.expanduser(self._parts[0])
            if expanded[:1] == '~':
                raise RuntimeError('Could not determine home directory.')
            return self._from_parts([expanded] + self._parts[1:])
        return self

    def stat(self, *, follow_symlinks=True):
        return _os.stat(self, follow_symlinks=follow_symlinks)

    def lstat(self):
        return _os.lstat(self)

    def is_symlink(self):
        try:
            return (_os.lstat(self).st_mode & 0o170000) == 0o120000
        except (FileNotFoundError, NotADirectoryError):
            return False

    def exists(self):
        return _os.path.exists(str(self))

    def is_file(self):
        return _os.path.isfile(str(self))

    def is_dir(self):
        return _os.path.isdir(str(self))

    def iterdir(self):
        for name in _os.listdir(str(self)):
            yield self._make_child_relpath(name)

    def glob(self, pattern):
        if not pattern:
            raise ValueError("Unacceptable pattern: {!r}".format(pattern))
        drv, root, pattern_parts = _parse_parts((pattern,))
        if drv or root:
            raise NotImplementedError('Non-relative patterns are unsupported')
        if pattern[-1] == _SEP:
            pattern_parts.append('')
        found = [self]
        for i, pat in enumerate(pattern_parts):
            last = i == len(pattern_parts) - 1
            selected = []
            for path in found:
                selected.extend(_select(path, pat, last))
            found = _unique(selected)
        return iter(found)

    def rglob(self, pattern):
        return self.glob('**/' + pattern)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            _os.mkdir(str(self), mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def unlink(self, missing_ok=False):
        try:
            _os.unlink(str(self))
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        _os.rmdir(str(self))

    def rename(self, target):
        _os.rename(str(self), str(target))
        return self.__class__(target)

    def replace(self, target):
        _os.replace(str(self), str(target))
        return self.__class__(target)

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, 'File exists', str(self))
            return
        open(str(self), 'a').close()

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return open(str(self), mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None):
        with self.open(mode='r', encoding=encoding, errors=errors) as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % data.__class__.__name__)
        with self.open(mode='w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def read_bytes(self):
        with self.open(mode='rb') as f:
            return f.read()

    def write_bytes(self, data):
        if not isinstance(data, (bytes, bytearray)):
            # CPython takes a memoryview of data first
            raise TypeError("memoryview: a bytes-like object is required, not '%s'"
                            % type(data).__name__)
        with self.open(mode='wb') as f:
            return f.write(bytes(data))


class PosixPath(Path):
    """Path subclass for non-Windows systems."""
    pass


def _select(path, pat, last):
    """The paths one glob pattern part selects below path."""
    if pat == '**':
        return _all_dirs(path)
    if pat == '':
        return [path] if path.is_dir() else []
    if not _is_wildcard_pattern(pat):
        child = path._make_child_relpath(pat)
        if (child.exists() if last else child.is_dir()):
            return [child]
        return []
    try:
        names = _os.listdir(str(path))
    except OSError:
        return []
    out = []
    for name in names:
        if _fnmatch(name, pat):
            child = path._make_child_relpath(name)
            if last or child.is_dir():
                out.append(child)
    return out


def _all_dirs(path):
    """path and every directory below it (what '**' selects)."""
    out = [path]
    try:
        names = _os.listdir(str(path))
    except OSError:
        return out
    for name in names:
        child = path._make_child_relpath(name)
        if child.is_dir():
            out.extend(_all_dirs(child))
    return out


def _unique(paths):
    seen = set()
    out = []
    for p in paths:
        key = str(p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out
