"""Python's warnings: warn() locates a warning `stacklevel` frames up, the
filters decide what happens to it (ignore, error, show once per location,
module or process, or always), and a shown warning is written to sys.stderr
as CPython writes it:

    prog.py:12: FutureWarning: message
      the stripped source line

The filters, registries and catch_warnings behave as CPython 3.11's
warnings.py. Message and module patterns are regular expressions matched at
the start of the text; refc has no `re` module, so they may use literal text,
`.`, `\\` escapes, the quantifiers `*`, `+`, `?` and a final `$` or `\\Z` (a
pattern beyond that raises NotImplementedError when the filter is added)."""

import sys
import linecache

__all__ = ["warn", "warn_explicit", "showwarning", "formatwarning",
           "filterwarnings", "simplefilter", "resetwarnings", "catch_warnings"]


# ---- patterns -------------------------------------------------------------------


class _Pattern:
    """A compiled filter pattern: match(text) is true when the pattern
    matches a prefix of `text` (re.match), case-insensitively if asked."""

    def __init__(self, pattern, ignore_case=False):
        self.pattern = pattern
        self._ignore_case = ignore_case
        self._atoms = _parse_pattern(pattern)
        if ignore_case:
            self._atoms = [(kind, char.lower(), quantifier) for kind, char, quantifier in self._atoms]

    def match(self, text):
        return _match_atoms(self._atoms, 0, text.lower() if self._ignore_case else text, 0)

    def __repr__(self):
        return "re.compile(%r)" % (self.pattern,)


_METACHARACTERS = "^[]{}()|"


def _parse_pattern(pattern):
    """The pattern as a list of (kind, char, quantifier): kind is 'char',
    'any' (.) or 'end' ($ or \\Z); quantifier is '', '*', '+' or '?'."""
    atoms = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            if i + 1 >= len(pattern):
                raise NotImplementedError("warnings: pattern %r ends with a lone backslash" % (pattern,))
            escaped = pattern[i + 1]
            if escaped == "Z":
                atoms.append(("end", "", ""))
            elif escaped.isalnum():
                raise NotImplementedError(
                    "warnings: pattern %r uses the escape \\%s, which refc does not support" % (pattern, escaped))
            else:
                atoms.append(("char", escaped, ""))
            i += 2
        elif c == "$":
            atoms.append(("end", "", ""))
            i += 1
        elif c in "*+?":
            if not atoms or atoms[-1][2] or atoms[-1][0] == "end":
                raise NotImplementedError("warnings: pattern %r has a quantifier without an atom" % (pattern,))
            kind, char, _ = atoms[-1]
            atoms[-1] = (kind, char, c)
            i += 1
        elif c in _METACHARACTERS:
            raise NotImplementedError(
                "warnings: pattern %r uses %r; refc supports literal text, '.', '\\' escapes, "
                "'*', '+', '?' and a final '$'" % (pattern, c))
        else:
            atoms.append(("any" if c == "." else "char", c, ""))
            i += 1
    for k in range(len(atoms) - 1):
        if atoms[k][0] == "end":
            raise NotImplementedError("warnings: pattern %r has '$' before its end" % (pattern,))
    return atoms


def _atom_matches(atom, text, j):
    kind, char, _ = atom
    if j >= len(text):
        return False
    return text[j] != "\n" if kind == "any" else text[j] == char


def _match_atoms(atoms, i, text, j):
    if i == len(atoms):
        return True
    atom = atoms[i]
    kind, _, quantifier = atom
    if kind == "end":
        return j == len(text) or (j == len(text) - 1 and text[j] == "\n")
    if quantifier == "":
        return _atom_matches(atom, text, j) and _match_atoms(atoms, i + 1, text, j + 1)
    # Greedy: take as many as match, then give back one at a time.
    limit = j
    while _atom_matches(atom, text, limit) and (quantifier != "?" or limit == j):
        limit += 1
    lowest = j + 1 if quantifier == "+" else j
    for k in range(limit, lowest - 1, -1):
        if _match_atoms(atoms, i + 1, text, k):
            return True
    return False


class _Exact:
    """A module name matched exactly (the default filters' '__main__')."""

    def __init__(self, text):
        self.pattern = text

    def match(self, text):
        return text == self.pattern

    def __repr__(self):
        return repr(self.pattern)


# ---- showing --------------------------------------------------------------------


def formatwarning(message, category, filename, lineno, line=None):
    """The text of a warning: 'file:line: Category: message' and the
    stripped source line under it, when there is one."""
    s = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line is None:
        line = linecache.getline(filename, lineno)
    if line:
        s += "  %s\n" % line.strip()
    return s


def _showwarnmsg_impl(msg):
    file = msg.file
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = _formatwarnmsg(msg)
    try:
        file.write(text)
    except OSError:
        pass


def _formatwarnmsg(msg):
    return formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Writes a warning to `file` (sys.stderr by default)."""
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno, file, line))


_showwarning_orig = showwarning


def _showwarnmsg(msg):
    # A program that replaced showwarning gets its call, as in CPython.
    if showwarning is not _showwarning_orig:
        if not callable(showwarning):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        showwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


class WarningMessage(object):
    """One warning as catch_warnings(record=True) records it."""

    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line", "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, "
                "line : %r}" % (self.message, self._category_name, self.filename, self.lineno, self.line))


# ---- filters --------------------------------------------------------------------

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

# CPython 3.11's default filters (a release build, no -W options).
filters = [
    ("default", None, DeprecationWarning, _Exact("__main__"), 0),
    ("ignore", None, DeprecationWarning, None, 0),
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]
defaultaction = "default"
onceregistry = {}
_filters_version = 1


def _filters_mutated():
    # Every registry remembers the version it was filled under and is
    # cleared when the filters have changed since.
    global _filters_version
    _filters_version += 1


def _check_filter(action, category, lineno):
    if action not in _ACTIONS:
        raise AssertionError("invalid action: %r" % (action,))
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise AssertionError("category must be a Warning subclass")
    if not (isinstance(lineno, int) and lineno >= 0):
        raise AssertionError("lineno must be an int >= 0")


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    """Adds a filter: `action` for warnings of `category` whose text starts
    with a match of `message` (ignoring case), raised in a module whose name
    starts with a match of `module`, at line `lineno` (0: any)."""
    _check_filter(action, category, lineno)
    if not isinstance(message, str):
        raise AssertionError("message must be a string")
    if not isinstance(module, str):
        raise AssertionError("module must be a string")
    _add_filter(action, _Pattern(message, True) if message else None, category,
                _Pattern(module) if module else None, lineno, append=append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Adds a filter for every message and module."""
    _check_filter(action, category, lineno)
    _add_filter(action, None, category, None, lineno, append=append)


def _add_filter(*item, append):
    global filters
    if not append:
        for existing in filters:
            if _same_filter(existing, item):
                filters.remove(existing)
                break
        filters.insert(0, item)
    elif not any(_same_filter(existing, item) for existing in filters):
        filters.append(item)
    _filters_mutated()


def _same_filter(a, b):
    def key(pattern):
        return None if pattern is None else (type(pattern).__name__, pattern.pattern)

    return (a[0] == b[0] and key(a[1]) == key(b[1]) and a[2] is b[2] and key(a[3]) == key(b[3])
            and a[4] == b[4])


def resetwarnings():
    """Removes every filter (the default action then shows each location once)."""
    filters[:] = []
    _filters_mutated()


# ---- warn -----------------------------------------------------------------------


def warn(message, category=None, stacklevel=1, source=None):
    """Issues a warning located `stacklevel` frames up (1: the caller)."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '{:s}'".format(type(category).__name__))
    try:
        frame = sys._getframe(stacklevel)
    except ValueError:
        globals = sys.__dict__
        filename = "sys"
        lineno = 1
    else:
        globals = frame.f_globals
        filename = frame.f_code.co_filename
        lineno = frame.f_lineno
    module = globals["__name__"] if "__name__" in globals else "<string>"
    registry = globals.setdefault("__warningregistry__", {})
    warn_explicit(message, category, filename, lineno, module, registry, globals, source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None,
                  source=None):
    """Issues a warning at an explicit location."""
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = {}
    if registry.get("version", 0) != _filters_version:
        registry.clear()
        registry["version"] = _filters_version
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    for item in filters:
        action, msg, cat, mod, ln = item
        if ((msg is None or msg.match(text)) and issubclass(category, cat)
                and (mod is None or mod.match(module)) and (ln == 0 or lineno == ln)):
            break
    else:
        action = defaultaction
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        oncekey = (text, category)
        if onceregistry.get(oncekey):
            return
        onceregistry[oncekey] = 1
    elif action == "always":
        pass
    elif action == "module":
        registry[key] = 1
        altkey = (text, category, 0)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == "default":
        registry[key] = 1
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s" % (action, item))
    _showwarnmsg(WarningMessage(message, category, filename, lineno, source=source))


# ---- catch_warnings -------------------------------------------------------------


class catch_warnings(object):
    """A context manager that saves the filters and showwarning on entry and
    restores them on exit; with record=True it returns the list that
    collects the warnings shown inside (WarningMessage objects)."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._module = sys.modules["warnings"] if module is None else module
        self._entered = False
        self._filter = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        if self._module is not sys.modules["warnings"]:
            args.append("module=%r" % self._module)
        return "%s(%s)" % (type(self).__name__, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        self._filters = self._module.filters
        self._module.filters = self._filters[:]
        self._module._filters_mutated()
        self._showwarning = self._module.showwarning
        self._showwarnmsg_impl = self._module._showwarnmsg_impl
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            self._module._showwarnmsg_impl = log.append
            self._module.showwarning = self._module._showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        self._module.filters = self._filters
        self._module._filters_mutated()
        self._module.showwarning = self._showwarning
        self._module._showwarnmsg_impl = self._showwarnmsg_impl
