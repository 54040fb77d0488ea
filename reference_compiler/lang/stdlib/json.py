"""json for refc: JSON encoding and decoding with CPython 3.11's output.

dumps/dump write what CPython's json writes (float repr, escaping with and
without ensure_ascii, indent and separators, sort_keys, default=, allow_nan,
check_circular); loads/load read all of JSON and fail with CPython's
json.JSONDecodeError messages and positions (its C scanner's wording). One
module holds what CPython splits into json.encoder, json.decoder and
json.scanner (json.decoder and json.encoder are module objects here naming
the same classes); dump writes and load reads through a file object's
.write(str) and .read().
"""

import sys as _sys

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeError',
           'JSONEncoder']


# ---- errors -----------------------------------------------------------------------

class JSONDecodeError(ValueError):
    """Subclass of ValueError with the following additional properties:

    msg: The unformatted error message
    doc: The JSON document being parsed
    pos: The start index of doc where parsing failed
    lineno: The line corresponding to pos
    colno: The column corresponding to pos
    """

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(self, '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


JSONDecodeError.__module__ = 'json.decoder'


# ---- encoding -----------------------------------------------------------------------

_ESCAPES = {'\\': '\\\\', '"': '\\"', '\b': '\\b', '\f': '\\f', '\n': '\\n',
            '\r': '\\r', '\t': '\\t'}
_HEX = '0123456789abcdef'
_INFINITY = float('inf')


def _hex4(code):
    return ('\\u' + _HEX[(code >> 12) & 15] + _HEX[(code >> 8) & 15]
            + _HEX[(code >> 4) & 15] + _HEX[code & 15])


def _encode_basestring(s):
    """Return a JSON representation of a Python string (non-ASCII kept)."""
    out = ['"']
    for ch in s:
        escaped = _ESCAPES.get(ch)
        if escaped is not None:
            out.append(escaped)
        elif ch < ' ':
            out.append(_hex4(ord(ch)))
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


def _encode_basestring_ascii(s):
    """Return an ASCII-only JSON representation of a Python string."""
    out = ['"']
    for ch in s:
        if ' ' <= ch <= '~' and ch != '\\' and ch != '"':
            out.append(ch)
            continue
        escaped = _ESCAPES.get(ch)
        if escaped is not None:
            out.append(escaped)
            continue
        code = ord(ch)
        if code >= 0x10000:
            code -= 0x10000
            out.append(_hex4(0xd800 | ((code >> 10) & 0x3ff)))
            out.append(_hex4(0xdc00 | (code & 0x3ff)))
        else:
            out.append(_hex4(code))
    out.append('"')
    return ''.join(out)


class JSONEncoder(object):
    """Extensible JSON encoder for Python data structures (CPython's
    json.JSONEncoder: override default() to serialize other objects)."""

    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True,
                 check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f'Object of type {o.__class__.__name__} '
                        f'is not JSON serializable')

    def encode(self, o):
        if isinstance(o, str):
            if self.ensure_ascii:
                return _encode_basestring_ascii(o)
            return _encode_basestring(o)
        return ''.join(self.iterencode(o, _one_shot=True))

    def iterencode(self, o, _one_shot=False):
        writer = _Writer(self, _one_shot)
        writer.encode(o, 0)
        return iter(writer.chunks)


class _Writer(object):
    """One encoding pass of a JSONEncoder: the chunks written and the
    containers being written (for the circular-reference check). CPython
    encodes a one-shot dumps without indent in C, whose out-of-range float
    message does not name the value; the Python encoder's does."""

    def __init__(self, encoder, one_shot=False):
        self.encoder = encoder
        self.names_bad_float = not (one_shot and encoder.indent is None)
        self.chunks = []
        self.markers = {} if encoder.check_circular else None
        indent = encoder.indent
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        self.indent = indent
        self.encode_str = (_encode_basestring_ascii if encoder.ensure_ascii
                           else _encode_basestring)

    def floatstr(self, o):
        if o != o:
            text = 'NaN'
        elif o == _INFINITY:
            text = 'Infinity'
        elif o == -_INFINITY:
            text = '-Infinity'
        else:
            return float.__repr__(o)
        if not self.encoder.allow_nan:
            if self.names_bad_float:
                raise ValueError('Out of range float values are not JSON compliant: ' + repr(o))
            raise ValueError('Out of range float values are not JSON compliant')
        return text

    def enter(self, o):
        if self.markers is not None:
            marker = id(o)
            if marker in self.markers:
                raise ValueError('Circular reference detected')
            self.markers[marker] = o
            return marker
        return None

    def leave(self, marker):
        if marker is not None:
            del self.markers[marker]

    def encode(self, o, level):
        write = self.chunks.append
        if isinstance(o, str):
            write(self.encode_str(o))
        elif o is None:
            write('null')
        elif o is True:
            write('true')
        elif o is False:
            write('false')
        elif isinstance(o, int):
            write(int.__repr__(o))
        elif isinstance(o, float):
            write(self.floatstr(o))
        elif isinstance(o, (list, tuple)):
            self.encode_list(o, level)
        elif isinstance(o, dict):
            self.encode_dict(o, level)
        else:
            marker = self.enter(o)
            self.encode(self.encoder.default(o), level)
            self.leave(marker)

    def separators(self, level):
        """The item separator and the text before the first item and after
        the last, at this nesting level."""
        if self.indent is None:
            return self.encoder.item_separator, '', ''
        newline_indent = '\n' + self.indent * (level + 1)
        return (self.encoder.item_separator + newline_indent, newline_indent,
                '\n' + self.indent * level)

    def encode_list(self, lst, level):
        write = self.chunks.append
        if not lst:
            write('[]')
            return
        marker = self.enter(lst)
        separator, first, last = self.separators(level)
        write('[' + first)
        for i, value in enumerate(lst):
            if i:
                write(separator)
            self.encode(value, level + 1)
        write(last + ']')
        self.leave(marker)

    def key_text(self, key):
        if isinstance(key, str):
            return key
        if isinstance(key, float):
            return self.floatstr(key)
        if key is True:
            return 'true'
        if key is False:
            return 'false'
        if key is None:
            return 'null'
        if isinstance(key, int):
            return int.__repr__(key)
        if self.encoder.skipkeys:
            return None
        raise TypeError(f'keys must be str, int, float, bool or None, '
                        f'not {key.__class__.__name__}')

    def encode_dict(self, dct, level):
        write = self.chunks.append
        if not dct:
            write('{}')
            return
        marker = self.enter(dct)
        separator, first, last = self.separators(level)
        write('{' + first)
        items = sorted(dct.items()) if self.encoder.sort_keys else dct.items()
        written = False
        for key, value in items:
            text = self.key_text(key)
            if text is None:
                continue
            if written:
                write(separator)
            written = True
            write(self.encode_str(text))
            write(self.encoder.key_separator)
            self.encode(value, level + 1)
        write(last + '}')
        self.leave(marker)


JSONEncoder.__module__ = 'json.encoder'
_default_encoder = JSONEncoder()


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    """Serialize obj to a JSON formatted str."""
    if (not skipkeys and ensure_ascii and check_circular and allow_nan and
            cls is None and indent is None and separators is None and
            default is None and not sort_keys and not kw):
        return _default_encoder.encode(obj)
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
               check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
         allow_nan=True, cls=None, indent=None, separators=None,
         default=None, sort_keys=False, **kw):
    """Serialize obj as a JSON formatted stream to fp (a .write()-supporting
    file-like object)."""
    if cls is None:
        cls = JSONEncoder
    iterable = cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
                   check_circular=check_circular, allow_nan=allow_nan,
                   indent=indent, separators=separators, default=default,
                   sort_keys=sort_keys, **kw).iterencode(obj)
    for chunk in iterable:
        fp.write(chunk)


# ---- decoding -----------------------------------------------------------------------

_WHITESPACE = ' \t\n\r'
_DIGITS = '0123456789'
_HEXDIGITS = '0123456789abcdefABCDEF'
_SIMPLE_ESCAPES = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f',
                   'n': '\n', 'r': '\r', 't': '\t'}
_CONSTANTS = {'-Infinity': float('-inf'), 'Infinity': float('inf'),
              'NaN': float('nan')}


class _NoValue(Exception):
    """No JSON value starts at .pos (becomes "Expecting value" there)."""

    def __init__(self, pos):
        Exception.__init__(self, pos)
        self.pos = pos


def _skip_ws(s, pos):
    n = len(s)
    while pos < n and s[pos] in _WHITESPACE:
        pos += 1
    return pos


def _scan_hex4(s, pos, error_pos):
    """The code unit of the 4 hex digits at pos."""
    code = 0
    for ch in s[pos:pos + 4]:
        if ch not in _HEXDIGITS:
            raise JSONDecodeError('Invalid \\uXXXX escape', s, error_pos)
        code = code * 16 + int(ch, 16)
    return code


def _scan_string(s, end, strict):
    """The string whose opening quote is at end - 1, and the index after its
    closing quote (CPython's scanstring)."""
    begin = end - 1
    n = len(s)
    chunks = []
    while True:
        pos = end
        while pos < n:
            ch = s[pos]
            if ch == '"' or ch == '\\':
                break
            if strict and ch <= '\x1f':
                raise JSONDecodeError('Invalid control character at', s, pos)
            pos += 1
        if pos >= n:
            raise JSONDecodeError('Unterminated string starting at', s, begin)
        if pos != end:
            chunks.append(s[end:pos])
        if s[pos] == '"':
            return ''.join(chunks), pos + 1
        pos += 1
        if pos == n:
            raise JSONDecodeError('Unterminated string starting at', s, begin)
        esc = s[pos]
        if esc != 'u':
            char = _SIMPLE_ESCAPES.get(esc)
            if char is None:
                raise JSONDecodeError('Invalid \\escape', s, pos - 1)
            chunks.append(char)
            end = pos + 1
            continue
        pos += 1
        end = pos + 4
        if end >= n:
            raise JSONDecodeError('Invalid \\uXXXX escape', s, pos - 1)
        code = _scan_hex4(s, pos, end - 5)
        if 0xd800 <= code <= 0xdbff and end + 6 < n and s[end] == '\\' and s[end + 1] == 'u':
            low = _scan_hex4(s, end + 2, end + 1)
            if 0xdc00 <= low <= 0xdfff:
                code = 0x10000 + (((code - 0xd800) << 10) | (low - 0xdc00))
                end += 6
        chunks.append(chr(code))


class _Scanner(object):
    """Reads one JSON value from a str with a decoder's hooks."""

    def __init__(self, decoder):
        self.strict = decoder.strict
        self.object_hook = decoder.object_hook
        self.object_pairs_hook = decoder.object_pairs_hook
        self.parse_float = decoder.parse_float
        self.parse_int = decoder.parse_int
        self.parse_constant = decoder.parse_constant

    def scan(self, s, idx):
        n = len(s)
        if idx >= n:
            raise _NoValue(idx)
        ch = s[idx]
        if ch == '"':
            return _scan_string(s, idx + 1, self.strict)
        if ch == '{':
            return self.scan_object(s, idx + 1)
        if ch == '[':
            return self.scan_array(s, idx + 1)
        if ch == 'n' and s.startswith('null', idx):
            return None, idx + 4
        if ch == 't' and s.startswith('true', idx):
            return True, idx + 4
        if ch == 'f' and s.startswith('false', idx):
            return False, idx + 5
        if ch == 'N' and s.startswith('NaN', idx):
            return self.parse_constant('NaN'), idx + 3
        if ch == 'I' and s.startswith('Infinity', idx):
            return self.parse_constant('Infinity'), idx + 8
        if ch == '-' and s.startswith('-Infinity', idx):
            return self.parse_constant('-Infinity'), idx + 9
        return self.scan_number(s, idx)

    def scan_number(self, s, start):
        n = len(s)
        idx = start
        if s[idx] == '-':
            idx += 1
            if idx >= n:
                raise _NoValue(start)
        if '1' <= s[idx] <= '9':
            idx += 1
            while idx < n and s[idx] in _DIGITS:
                idx += 1
        elif s[idx] == '0':
            idx += 1
        else:
            raise _NoValue(start)
        is_float = False
        if idx + 1 < n and s[idx] == '.' and s[idx + 1] in _DIGITS:
            is_float = True
            idx += 2
            while idx < n and s[idx] in _DIGITS:
                idx += 1
        if idx + 1 < n and (s[idx] == 'e' or s[idx] == 'E'):
            e_start = idx
            idx += 1
            if idx + 1 < n and (s[idx] == '-' or s[idx] == '+'):
                idx += 1
            while idx < n and s[idx] in _DIGITS:
                idx += 1
            if s[idx - 1] in _DIGITS:
                is_float = True
            else:
                idx = e_start
        text = s[start:idx]
        if is_float:
            return self.parse_float(text), idx
        return self.parse_int(text), idx

    def scan_object(self, s, idx):
        n = len(s)
        pairs = []
        idx = _skip_ws(s, idx)
        if idx >= n or s[idx] != '}':
            while True:
                if idx >= n or s[idx] != '"':
                    raise JSONDecodeError(
                        'Expecting property name enclosed in double quotes', s, idx)
                key, idx = _scan_string(s, idx + 1, self.strict)
                idx = _skip_ws(s, idx)
                if idx >= n or s[idx] != ':':
                    raise JSONDecodeError("Expecting ':' delimiter", s, idx)
                idx = _skip_ws(s, idx + 1)
                value, idx = self.scan(s, idx)
                pairs.append((key, value))
                idx = _skip_ws(s, idx)
                if idx < n and s[idx] == '}':
                    break
                if idx >= n or s[idx] != ',':
                    raise JSONDecodeError("Expecting ',' delimiter", s, idx)
                idx = _skip_ws(s, idx + 1)
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs), idx + 1
        obj = dict(pairs)
        if self.object_hook is not None:
            obj = self.object_hook(obj)
        return obj, idx + 1

    def scan_array(self, s, idx):
        n = len(s)
        values = []
        idx = _skip_ws(s, idx)
        if idx >= n or s[idx] != ']':
            while True:
                value, idx = self.scan(s, idx)
                values.append(value)
                idx = _skip_ws(s, idx)
                if idx < n and s[idx] == ']':
                    break
                if idx >= n or s[idx] != ',':
                    raise JSONDecodeError("Expecting ',' delimiter", s, idx)
                idx = _skip_ws(s, idx + 1)
        return values, idx + 1


class JSONDecoder(object):
    """Simple JSON decoder (CPython's json.JSONDecoder)."""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        """Return the Python representation of s (a str instance containing
        a JSON document)."""
        obj, end = self.raw_decode(s, idx=_skip_ws(s, 0))
        end = _skip_ws(s, end)
        if end != len(s):
            raise JSONDecodeError('Extra data', s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """Decode a JSON document from s (a str beginning with a JSON
        document) and return (value, index where the document ended)."""
        try:
            return _Scanner(self).scan(s, idx)
        except _NoValue as err:
            raise JSONDecodeError('Expecting value', s, err.pos) from None


JSONDecoder.__module__ = 'json.decoder'
_default_decoder = JSONDecoder()


def detect_encoding(b):
    """The encoding of a JSON document in bytes, from its BOM or the pattern
    of zero bytes in its first four (RFC 4627 / 8259), as json.detect_encoding."""
    if b.startswith((b'\x00\x00\xfe\xff', b'\xff\xfe\x00\x00')):
        return 'utf-32'
    if b.startswith((b'\xfe\xff', b'\xff\xfe')):
        return 'utf-16'
    if b.startswith(b'\xef\xbb\xbf'):
        return 'utf-8-sig'
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif len(b) == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize s (a str instance containing a JSON document) to a Python
    object."""
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    elif isinstance(s, (bytes, bytearray)):
        encoding = detect_encoding(s)
        if encoding == 'utf-8-sig':
            s = s[3:].decode('utf-8', 'surrogatepass')
        else:
            s = s.decode(encoding, 'surrogatepass')
    else:
        raise TypeError(f'the JSON object must be str, bytes or bytearray, '
                        f'not {s.__class__.__name__}')
    if (cls is None and object_hook is None and parse_int is None and
            parse_float is None and parse_constant is None and
            object_pairs_hook is None and not kw):
        return _default_decoder.decode(s)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw['object_hook'] = object_hook
    if object_pairs_hook is not None:
        kw['object_pairs_hook'] = object_pairs_hook
    if parse_float is not None:
        kw['parse_float'] = parse_float
    if parse_int is not None:
        kw['parse_int'] = parse_int
    if parse_constant is not None:
        kw['parse_constant'] = parse_constant
    return cls(**kw).decode(s)


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
         parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize fp (a .read()-supporting file-like object containing a
    JSON document) to a Python object."""
    return loads(fp.read(), cls=cls, object_hook=object_hook,
                 parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant,
                 object_pairs_hook=object_pairs_hook, **kw)


# ---- json.decoder and json.encoder --------------------------------------------------

def _submodule(name, attributes):
    module = type(_sys)(name)
    for key in attributes:
        setattr(module, key, attributes[key])
    _sys.modules[name] = module
    return module


decoder = _submodule('json.decoder', {'JSONDecodeError': JSONDecodeError,
                                      'JSONDecoder': JSONDecoder})
encoder = _submodule('json.encoder', {'JSONEncoder': JSONEncoder,
                                      'encode_basestring': _encode_basestring,
                                      'encode_basestring_ascii': _encode_basestring_ascii})
