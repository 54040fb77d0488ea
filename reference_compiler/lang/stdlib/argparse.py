"""argparse for refc: command-line parsing with CPython 3.11's behaviour and text.

ArgumentParser, its argument groups, mutually exclusive groups and
subcommands (add_subparsers), the actions (store, store_const, store_true,
store_false, append, append_const, extend, count, help, version,
BooleanOptionalAction), Namespace and the help formatters parse as CPython
3.11's Lib/argparse.py does and print the same usage, help and error text
(usage wrapping, help column, "prog: error: ..." on stderr with exit status
2). refc has no re module, so the two places
CPython uses regular expressions are written out by hand: the nargs patterns
matched against the "AO-" shape of the command line (_match_shape) and the
usage line's clean-up and splitting into wrappable parts. Help text is
wrapped as textwrap.wrap wraps it (_wrap_text).
"""

import os as _os
import sys as _sys

__all__ = ['ArgumentParser', 'ArgumentError', 'ArgumentTypeError',
           'BooleanOptionalAction', 'FileType', 'HelpFormatter',
           'ArgumentDefaultsHelpFormatter', 'RawDescriptionHelpFormatter',
           'RawTextHelpFormatter', 'MetavarTypeHelpFormatter', 'Namespace',
           'Action', 'ONE_OR_MORE', 'OPTIONAL', 'PARSER', 'REMAINDER',
           'SUPPRESS', 'ZERO_OR_MORE']

SUPPRESS = '==SUPPRESS=='

OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
PARSER = 'A...'
REMAINDER = '...'
_UNRECOGNIZED_ARGS_ATTR = '_unrecognized_args'


# ---- utilities ------------------------------------------------------------------------

def _attribute_repr(obj, kwargs):
    arg_strings = []
    star_args = {}
    for name, value in kwargs:
        if name.isidentifier():
            arg_strings.append('%s=%r' % (name, value))
        else:
            star_args[name] = value
    if star_args:
        arg_strings.append('**%s' % repr(star_args))
    return '%s(%s)' % (type(obj).__name__, ', '.join(arg_strings))


class _AttributeHolder(object):
    """Provides __repr__ as ClassName(attr=value, ...) from _get_kwargs()."""

    def __repr__(self):
        return _attribute_repr(self, self._get_kwargs())

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


def _copy_items(items):
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    import copy
    return copy.copy(items)


def _is_negative_number(text):
    """True for what CPython's '^-\\d+$|^-\\d*\\.\\d+$' matches."""
    if len(text) < 2 or text[0] != '-':
        return False
    body = text[1:]
    if body.isdigit() and body.isascii():
        return True
    whole, dot, frac = body.partition('.')
    return (dot == '.' and (whole == '' or (whole.isdigit() and whole.isascii()))
            and frac != '' and frac.isdigit() and frac.isascii())


def _terminal_columns():
    """shutil.get_terminal_size().columns: $COLUMNS, else the terminal's
    width, else 80."""
    try:
        columns = int(_os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        columns = 80
        size = getattr(_os, 'get_terminal_size', None)
        if size is not None:
            try:
                columns = size(_sys.__stdout__.fileno()).columns
            except (AttributeError, ValueError, OSError):
                pass
    return columns


# ---- text wrapping (textwrap.wrap's algorithm) ----------------------------------------

def _is_letter(ch):
    return ch.isalpha() or ch == '_'


def _word_chunks(word, text, offset):
    """Split one whitespace-free word at the hyphens textwrap breaks after
    ("learning-rate" -> "learning-", "rate"); offset is where the word
    starts in text (the look-behind may see the previous chunk)."""
    chunks = []
    start = 0
    n = len(word)
    for h in range(1, n):
        if word[h] != '-':
            continue
        g = offset + h
        before = (g >= 2 and _is_letter(text[g - 2]) and _is_letter(text[g - 1])) or (
            g >= 3 and _is_letter(text[g - 3]) and text[g - 2] == '-' and _is_letter(text[g - 1]))
        after = h + 1 < n and _is_letter(word[h + 1]) and (
            (h + 2 < n and _is_letter(word[h + 2])) or
            (h + 3 < n and word[h + 2] == '-' and _is_letter(word[h + 3])))
        if before and after and h + 1 - start > 1:
            chunks.append(word[start:h + 1])
            start = h + 1
    chunks.append(word[start:])
    return chunks


def _wrap_text(text, width, indent=''):
    """textwrap.wrap(text, width, initial_indent=indent,
    subsequent_indent=indent) for text whose whitespace is single spaces."""
    chunks = []
    pos = 0
    words = text.split(' ')
    for i, word in enumerate(words):
        if i:
            chunks.append(' ')
            pos += 1
        if word:
            chunks.extend(_word_chunks(word, text, pos))
        pos += len(word)
    chunks.reverse()
    lines = []
    line_width = width - len(indent)
    while chunks:
        cur_line = []
        cur_len = 0
        if chunks[-1] == ' ' and lines:
            del chunks[-1]
        while chunks:
            size = len(chunks[-1])
            if cur_len + size <= line_width:
                cur_line.append(chunks.pop())
                cur_len += size
            else:
                break
        if chunks and len(chunks[-1]) > line_width:
            space_left = 1 if line_width < 1 else line_width - cur_len
            chunk = chunks[-1]
            end = space_left
            if len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            chunks[-1] = chunk[end:]
            cur_len = sum(len(c) for c in cur_line)
        if cur_line and cur_line[-1] == ' ':
            cur_len -= 1
            del cur_line[-1]
        if cur_line:
            lines.append(indent + ''.join(cur_line))
    return lines


def _normalize_whitespace(text):
    return ' '.join(text.split())


# ---- usage text: the clean-ups and the split CPython does with re ----------------------

def _usage_cleanup(text):
    """The substitutions _format_actions_usage applies to the joined parts."""
    out = []
    i = 0
    n = len(text)
    while i < n:  # '([\[(]) ' -> '\1'
        out.append(text[i])
        if text[i] in '[(' and i + 1 < n and text[i + 1] == ' ':
            i += 1
        i += 1
    text = ''.join(out)
    out = []
    i = 0
    n = len(text)
    while i < n:  # ' ([\])])' -> '\1'
        if text[i] == ' ' and i + 1 < n and text[i + 1] in '])':
            i += 1
            continue
        out.append(text[i])
        i += 1
    text = ''.join(out)
    out = []
    i = 0
    n = len(text)
    while i < n:  # '[\[(] *[\])]' -> ''
        if text[i] in '[(':
            j = i + 1
            while j < n and text[j] == ' ':
                j += 1
            if j < n and text[j] in '])':
                i = j + 1
                continue
        out.append(text[i])
        i += 1
    text = ''.join(out)
    out = []
    i = 0
    n = len(text)
    while i < n:  # '\(([^|]*)\)' -> '\1'
        if text[i] == '(':
            bar = text.find('|', i + 1)
            limit = n if bar < 0 else bar
            close = text.rfind(')', i + 1, limit)
            if close >= 0:
                out.append(text[i + 1:close])
                i = close + 1
                continue
        out.append(text[i])
        i += 1
    return ''.join(out).strip()


def _bracketed_end(text, i, close):
    """End of the match of '\\(.*?\\)+(?=\\s|$)' (or with [ ]) at i, or -1."""
    n = len(text)
    k = i + 1
    while k < n:
        if text[k] == close:
            m = k
            while m < n and text[m] == close:
                m += 1
            if m == n or text[m].isspace():
                return m
        k += 1
    return -1


def _usage_parts(text):
    """re.findall(r'\\(.*?\\)+(?=\\s|$)|\\[.*?\\]+(?=\\s|$)|\\S+', text)."""
    parts = []
    i = 0
    n = len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        end = -1
        if text[i] == '(':
            end = _bracketed_end(text, i, ')')
        elif text[i] == '[':
            end = _bracketed_end(text, i, ']')
        if end < 0:
            end = i
            while end < n and not text[end].isspace():
                end += 1
        parts.append(text[i:end])
        i = end
    return parts


# ---- help formatters ----------------------------------------------------------------

class _Section(object):
    """A section of help output: its heading and the items formatted in it."""

    def __init__(self, formatter, parent, heading=None):
        self.formatter = formatter
        self.parent = parent
        self.heading = heading
        self.items = []

    def format_help(self):
        if self.parent is not None:
            self.formatter._indent()
        join = self.formatter._join_parts
        item_help = join([func(*args) for func, args in self.items])
        if self.parent is not None:
            self.formatter._dedent()
        if not item_help:
            return ''
        if self.heading is not SUPPRESS and self.heading is not None:
            heading = ' ' * self.formatter._current_indent + self.heading + ':\n'
        else:
            heading = ''
        return join(['\n', heading, item_help, '\n'])


class HelpFormatter(object):
    """Formatter for generating usage messages and argument help strings.

    Only the name of this class is considered a public API. All the methods
    provided by the class are considered an implementation detail.
    """

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            width = _terminal_columns() - 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position,
                                      max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._level = 0
        self._action_max_length = 0
        self._root_section = _Section(self, None)
        self._current_section = self._root_section

    def _indent(self):
        self._current_indent += self._indent_increment
        self._level += 1

    def _dedent(self):
        self._current_indent -= self._indent_increment
        assert self._current_indent >= 0, 'Indent decreased below 0.'
        self._level -= 1

    def _add_item(self, func, args):
        self._current_section.items.append((func, args))

    def start_section(self, heading):
        self._indent()
        section = _Section(self, self._current_section, heading)
        self._add_item(section.format_help, [])
        self._current_section = section

    def end_section(self):
        self._current_section = self._current_section.parent
        self._dedent()

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._add_item(self._format_text, [text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._add_item(self._format_usage, [usage, actions, groups, prefix])

    def add_argument(self, action):
        if action.help is not SUPPRESS:
            invocations = [self._format_action_invocation(action)]
            for subaction in self._iter_indented_subactions(action):
                invocations.append(self._format_action_invocation(subaction))
            invocation_length = max([len(s) for s in invocations])
            action_length = invocation_length + self._current_indent
            self._action_max_length = max(self._action_max_length, action_length)
            self._add_item(self._format_action, [action])

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        help = self._root_section.format_help()
        if help:
            while '\n\n\n' in help:
                help = help.replace('\n\n\n', '\n\n')
            help = help.strip('\n') + '\n'
        return help

    def _join_parts(self, part_strings):
        return ''.join([part for part in part_strings
                        if part and part is not SUPPRESS])

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = 'usage: '
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif not actions:
            usage = '%(prog)s' % dict(prog=self._prog)
        else:
            prog = '%(prog)s' % dict(prog=self._prog)
            optionals = []
            positionals = []
            for action in actions:
                if action.option_strings:
                    optionals.append(action)
                else:
                    positionals.append(action)
            format = self._format_actions_usage
            action_usage = format(optionals + positionals, groups)
            usage = ' '.join([s for s in [prog, action_usage] if s])
            text_width = self._width - self._current_indent
            if len(prefix) + len(usage) > text_width:
                opt_parts = _usage_parts(format(optionals, groups))
                pos_parts = _usage_parts(format(positionals, groups))

                def get_lines(parts, indent, prefix=None):
                    lines = []
                    line = []
                    if prefix is not None:
                        line_len = len(prefix) - 1
                    else:
                        line_len = len(indent) - 1
                    for part in parts:
                        if line_len + 1 + len(part) > text_width and line:
                            lines.append(indent + ' '.join(line))
                            line = []
                            line_len = len(indent) - 1
                        line.append(part)
                        line_len += len(part) + 1
                    if line:
                        lines.append(indent + ' '.join(line))
                    if prefix is not None:
                        lines[0] = lines[0][len(indent):]
                    return lines

                if len(prefix) + len(prog) <= 0.75 * text_width:
                    indent = ' ' * (len(prefix) + len(prog) + 1)
                    if opt_parts:
                        lines = get_lines([prog] + opt_parts, indent, prefix)
                        lines.extend(get_lines(pos_parts, indent))
                    elif pos_parts:
                        lines = get_lines([prog] + pos_parts, indent, prefix)
                    else:
                        lines = [prog]
                else:
                    indent = ' ' * len(prefix)
                    parts = opt_parts + pos_parts
                    lines = get_lines(parts, indent)
                    if len(lines) > 1:
                        lines = []
                        lines.extend(get_lines(opt_parts, indent))
                        lines.extend(get_lines(pos_parts, indent))
                    lines = [prog] + lines
                usage = '\n'.join(lines)
        return '%s%s\n\n' % (prefix, usage)

    def _format_actions_usage(self, actions, groups):
        group_actions = []
        inserts = {}
        for group in groups:
            if not group._group_actions:
                raise ValueError(f'empty group {group}')
            if group._group_actions[0] not in actions:
                continue
            start = actions.index(group._group_actions[0])
            end = start + len(group._group_actions)
            if actions[start:end] == group._group_actions:
                group_actions.extend(group._group_actions)
                opening, closing = ('(', ')') if group.required else ('[', ']')
                inserts[start] = inserts[start] + ' ' + opening if start in inserts else opening
                inserts[end] = inserts[end] + closing if end in inserts else closing
                for i in range(start + 1, end):
                    inserts[i] = '|'

        parts = []
        for i, action in enumerate(actions):
            if action.help is SUPPRESS:
                parts.append(None)
                if inserts.get(i) == '|':
                    inserts.pop(i)
                elif inserts.get(i + 1) == '|':
                    inserts.pop(i + 1)
            elif not action.option_strings:
                default = self._get_default_metavar_for_positional(action)
                part = self._format_args(action, default)
                if action in group_actions:
                    if part[0] == '[' and part[-1] == ']':
                        part = part[1:-1]
                parts.append(part)
            else:
                option_string = action.option_strings[0]
                if action.nargs == 0:
                    part = action.format_usage()
                else:
                    default = self._get_default_metavar_for_optional(action)
                    args_string = self._format_args(action, default)
                    part = '%s %s' % (option_string, args_string)
                if not action.required and action not in group_actions:
                    part = '[%s]' % part
                parts.append(part)

        for i in sorted(inserts, reverse=True):
            parts[i:i] = [inserts[i]]
        text = ' '.join([item for item in parts if item is not None])
        return _usage_cleanup(text)

    def _format_text(self, text):
        if '%(prog)' in text:
            text = text % dict(prog=self._prog)
        text_width = max(self._width - self._current_indent, 11)
        indent = ' ' * self._current_indent
        return self._fill_text(text, text_width, indent) + '\n\n'

    def _format_action(self, action):
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        action_header = self._format_action_invocation(action)
        indent_first = 0
        if not action.help:
            action_header = ' ' * self._current_indent + action_header + '\n'
        elif len(action_header) <= action_width:
            action_header = ' ' * self._current_indent + action_header.ljust(action_width) + '  '
            indent_first = 0
        else:
            action_header = ' ' * self._current_indent + action_header + '\n'
            indent_first = help_position
        parts = [action_header]
        if action.help and action.help.strip():
            help_text = self._expand_help(action)
            if help_text:
                help_lines = self._split_lines(help_text, help_width)
                parts.append(' ' * indent_first + help_lines[0] + '\n')
                for line in help_lines[1:]:
                    parts.append(' ' * help_position + line + '\n')
        elif not action_header.endswith('\n'):
            parts.append('\n')
        for subaction in self._iter_indented_subactions(action):
            parts.append(self._format_action(subaction))
        return self._join_parts(parts)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            metavar, = self._metavar_formatter(action, default)(1)
            return metavar
        parts = []
        if action.nargs == 0:
            parts.extend(action.option_strings)
        else:
            default = self._get_default_metavar_for_optional(action)
            args_string = self._format_args(action, default)
            for option_string in action.option_strings:
                parts.append('%s %s' % (option_string, args_string))
        return ', '.join(parts)

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            choice_strs = [str(choice) for choice in action.choices]
            result = '{%s}' % ','.join(choice_strs)
        else:
            result = default_metavar

        def format(tuple_size):
            if isinstance(result, tuple):
                return result
            return (result, ) * tuple_size
        return format

    def _format_args(self, action, default_metavar):
        get_metavar = self._metavar_formatter(action, default_metavar)
        nargs = action.nargs
        if nargs is None:
            result = '%s' % get_metavar(1)
        elif nargs == OPTIONAL:
            result = '[%s]' % get_metavar(1)
        elif nargs == ZERO_OR_MORE:
            metavar = get_metavar(1)
            if len(metavar) == 2:
                result = '[%s [%s ...]]' % metavar
            else:
                result = '[%s ...]' % metavar
        elif nargs == ONE_OR_MORE:
            result = '%s [%s ...]' % get_metavar(2)
        elif nargs == REMAINDER:
            result = '...'
        elif nargs == PARSER:
            result = '%s ...' % get_metavar(1)
        elif nargs == SUPPRESS:
            result = ''
        else:
            if not isinstance(nargs, int):
                raise ValueError('invalid nargs value')
            formats = ['%s' for _ in range(nargs)]
            result = ' '.join(formats) % get_metavar(nargs)
        return result

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], '__name__'):
                params[name] = params[name].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join([str(c) for c in params['choices']])
        return self._get_help_string(action) % params

    def _iter_indented_subactions(self, action):
        get_subactions = getattr(action, '_get_subactions', None)
        if get_subactions is not None:
            self._indent()
            yield from get_subactions()
            self._dedent()

    def _split_lines(self, text, width):
        return _wrap_text(_normalize_whitespace(text), width)

    def _fill_text(self, text, width, indent):
        return '\n'.join(_wrap_text(_normalize_whitespace(text), width, indent))

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class RawDescriptionHelpFormatter(HelpFormatter):
    """Help message formatter which retains any formatting in descriptions."""

    def _fill_text(self, text, width, indent):
        return ''.join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Help message formatter which retains formatting of all help text."""

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Help message formatter which adds default values to argument help."""

    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ''
        if '%(default)' not in help:
            if action.default is not SUPPRESS:
                defaulting_nargs = [OPTIONAL, ZERO_OR_MORE]
                if action.option_strings or action.nargs in defaulting_nargs:
                    help += ' (default: %(default)s)'
        return help


class MetavarTypeHelpFormatter(HelpFormatter):
    """Help message formatter which uses the argument 'type' as the default
    metavar value (instead of the argument 'dest')."""

    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__


# ---- options and arguments --------------------------------------------------------------

def _get_action_name(argument):
    if argument is None:
        return None
    elif argument.option_strings:
        return '/'.join(argument.option_strings)
    elif argument.metavar not in (None, SUPPRESS):
        return argument.metavar
    elif argument.dest not in (None, SUPPRESS):
        return argument.dest
    elif argument.choices:
        return '{' + ','.join(argument.choices) + '}'
    return None


class ArgumentError(Exception):
    """An error from creating or using an argument (optional or positional)."""

    def __init__(self, argument, message):
        Exception.__init__(self, argument, message)
        self.argument_name = _get_action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    """An error from trying to convert a command line string to a type."""
    pass


_ACTION_FIELDS = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type',
                  'choices', 'required', 'help', 'metavar']


class Action(_AttributeHolder):
    """Information about how to convert command line strings to Python objects."""

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        return [(name, getattr(self, name)) for name in _ACTION_FIELDS]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError('.__call__() not defined')


class BooleanOptionalAction(Action):

    def __init__(self, option_strings, dest, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        _option_strings = []
        for option_string in option_strings:
            _option_strings.append(option_string)
            if option_string.startswith('--'):
                _option_strings.append('--no-' + option_string[2:])
        super().__init__(option_strings=_option_strings, dest=dest, nargs=0,
                         default=default, type=type, choices=choices,
                         required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


class _StoreAction(Action):

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        if nargs == 0:
            raise ValueError('nargs for store actions must be != 0; if you '
                             'have nothing to store, actions such as store '
                             'true or store const may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings=option_strings, dest=dest, nargs=nargs,
                         const=const, default=default, type=type,
                         choices=choices, required=required, help=help,
                         metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):

    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         const=const, default=default, required=required,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):

    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        super().__init__(option_strings=option_strings, dest=dest, const=True,
                         default=default, required=required, help=help)


class _StoreFalseAction(_StoreConstAction):

    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        super().__init__(option_strings=option_strings, dest=dest, const=False,
                         default=default, required=required, help=help)


class _AppendAction(Action):

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        if nargs == 0:
            raise ValueError('nargs for append actions must be != 0; if arg '
                             'strings are not supplying the value to append, '
                             'the append const action may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings=option_strings, dest=dest, nargs=nargs,
                         const=const, default=default, type=type,
                         choices=choices, required=required, help=help,
                         metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):

    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         const=const, default=default, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):

    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):

    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        super().__init__(option_strings=option_strings, dest=dest,
                         default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):

    def __init__(self, option_strings, version=None, dest=SUPPRESS,
                 default=SUPPRESS, help="show program's version number and exit"):
        super().__init__(option_strings=option_strings, dest=dest,
                         default=default, nargs=0, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _ChoicesPseudoAction(Action):
    """A subcommand's line in its parent's help."""

    def __init__(self, name, aliases, help):
        metavar = dest = name
        if aliases:
            metavar += ' (%s)' % ', '.join(aliases)
        super().__init__(option_strings=[], dest=dest, help=help, metavar=metavar)


class _SubParsersAction(Action):

    _ChoicesPseudoAction = _ChoicesPseudoAction

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS,
                 required=False, help=None, metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        super().__init__(option_strings=option_strings, dest=dest, nargs=PARSER,
                         choices=self._name_parser_map, required=required,
                         help=help, metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get('prog') is None:
            kwargs['prog'] = '%s %s' % (self._prog_prefix, name)
        aliases = kwargs.pop('aliases', ())
        if name in self._name_parser_map:
            raise ArgumentError(self, 'conflicting subparser: %s' % name)
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ArgumentError(self, 'conflicting subparser alias: %s' % alias)
        if 'help' in kwargs:
            help = kwargs.pop('help')
            self._choices_actions.append(_ChoicesPseudoAction(name, aliases, help))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        parser_name = values[0]
        arg_strings = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, parser_name)
        if parser_name not in self._name_parser_map:
            raise ArgumentError(self, 'unknown parser %r (choices: %s)'
                                % (parser_name, ', '.join(self._name_parser_map)))
        subparser = self._name_parser_map[parser_name]
        subnamespace, arg_strings = subparser.parse_known_args(arg_strings, None)
        for key, value in vars(subnamespace).items():
            setattr(namespace, key, value)
        if arg_strings:
            if not hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
                setattr(namespace, _UNRECOGNIZED_ARGS_ATTR, [])
            getattr(namespace, _UNRECOGNIZED_ARGS_ATTR).extend(arg_strings)


class _ExtendAction(_AppendAction):

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.extend(values)
        setattr(namespace, self.dest, items)


class FileType(object):
    """Factory for creating file object types: FileType('r')(path) opens path."""

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._bufsize = bufsize
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        if string == '-':
            if 'r' in self._mode:
                return _sys.stdin
            elif any(c in self._mode for c in 'wax'):
                return _sys.stdout
            else:
                raise ValueError('argument "-" with mode %r' % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding, self._errors)
        except OSError as e:
            raise ArgumentTypeError("can't open '%s': %s" % (string, e))

    def __repr__(self):
        args = self._mode, self._bufsize
        kwargs = [('encoding', self._encoding), ('errors', self._errors)]
        args_str = ', '.join([repr(arg) for arg in args if arg != -1] +
                             ['%s=%r' % (kw, arg) for kw, arg in kwargs
                              if arg is not None])
        return '%s(%s)' % (type(self).__name__, args_str)


class Namespace(_AttributeHolder):
    """Simple object for storing attributes.

    Implements equality by attribute names and values, and provides a simple
    string representation.
    """

    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


# ---- matching nargs patterns against the command line's shape ----------------------------
#
# CPython turns each action's nargs into a regular expression over the string
# of 'O' (an option), 'A' (an argument) and '-' (a '--') marks and matches it
# with re.match. Here a pattern is a list of (allowed marks, min, max) runs,
# matched greedily with backtracking, which is what re does for these.

_MANY = 1 << 30


def _nargs_runs(action):
    nargs = action.nargs
    if nargs is None:
        runs = [('-', 0, _MANY), ('A', 1, 1), ('-', 0, _MANY)]
    elif nargs == OPTIONAL:
        runs = [('-', 0, _MANY), ('A', 0, 1), ('-', 0, _MANY)]
    elif nargs == ZERO_OR_MORE:
        runs = [('-', 0, _MANY), ('A-', 0, _MANY)]
    elif nargs == ONE_OR_MORE:
        runs = [('-', 0, _MANY), ('A', 1, 1), ('A-', 0, _MANY)]
    elif nargs == REMAINDER:
        runs = [('-AO', 0, _MANY)]
    elif nargs == PARSER:
        runs = [('-', 0, _MANY), ('A', 1, 1), ('-AO', 0, _MANY)]
    elif nargs == SUPPRESS:
        runs = [('-', 0, _MANY), ('-', 0, _MANY)]
    else:
        runs = [('-', 0, _MANY)]
        for i in range(nargs):
            if i:
                runs.append(('-', 0, _MANY))
            runs.append(('A', 1, 1))
        runs.append(('-', 0, _MANY))
    if action.option_strings:
        # an optional's arguments may not contain '--'
        stripped = []
        for marks, low, high in runs:
            if marks == '-':
                continue
            stripped.append((marks.replace('-', ''), low, high))
        runs = stripped
    return runs


def _match_shape(groups, shape):
    """Lengths of the groups (each a list of runs) matched at the start of
    shape, or None."""
    flat = []
    for g, runs in enumerate(groups):
        for run in runs:
            flat.append((g, run))
    lengths = [0] * len(groups)

    def match(k, pos):
        if k == len(flat):
            return True
        g, (marks, low, high) = flat[k]
        count = 0
        while count < high and pos + count < len(shape) and shape[pos + count] in marks:
            count += 1
        while count >= low:
            lengths[g] += count
            if match(k + 1, pos + count):
                return True
            lengths[g] -= count
            count -= 1
        return False

    if match(0, 0):
        return lengths
    return None


# ---- containers of actions ----------------------------------------------------------------

_ACTION_REGISTRY = {
    None: _StoreAction,
    'store': _StoreAction,
    'store_const': _StoreConstAction,
    'store_true': _StoreTrueAction,
    'store_false': _StoreFalseAction,
    'append': _AppendAction,
    'append_const': _AppendConstAction,
    'count': _CountAction,
    'help': _HelpAction,
    'version': _VersionAction,
    'extend': _ExtendAction,
    'parsers': _SubParsersAction,
}


def _identity(string):
    return string


class _ActionsContainer(object):

    def __init__(self, description, prefix_chars, argument_default, conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._registries = {'action': dict(_ACTION_REGISTRY), 'type': {None: _identity}}
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def register(self, registry_name, value, object):
        registry = self._registries.setdefault(registry_name, {})
        registry[value] = object

    def _registry_get(self, registry_name, value, default=None):
        try:
            return self._registries[registry_name].get(value, default)
        except TypeError:
            return default

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        """
        add_argument(dest, ..., name=value, ...)
        add_argument(option_string, option_string, ..., name=value, ...)
        """
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if 'default' not in kwargs:
            dest = kwargs['dest']
            if dest in self._defaults:
                kwargs['default'] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs['default'] = self.argument_default
        action_class = self._pop_action_class(kwargs)
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**kwargs)
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ValueError('%r is not callable' % (type_func,))
        if type_func is FileType:
            raise ValueError('%r is a FileType class object, instance of it'
                             ' must be passed' % (type_func,))
        if hasattr(self, '_get_formatter'):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError('length of metavar tuple does not match nargs')
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for option_string in action.option_strings:
            self._option_string_actions[option_string] = action
        for option_string in action.option_strings:
            if _is_negative_number(option_string):
                if not self._has_negative_number_optionals:
                    self._has_negative_number_optionals.append(True)
        return action

    def _remove_action(self, action):
        self._actions.remove(action)

    def _add_container_actions(self, container):
        title_group_map = {}
        for group in self._action_groups:
            if group.title in title_group_map:
                raise ValueError('cannot merge actions - two groups are named %r'
                                 % (group.title))
            title_group_map[group.title] = group
        group_map = {}
        for group in container._action_groups:
            if group.title not in title_group_map:
                title_group_map[group.title] = self.add_argument_group(
                    title=group.title, description=group.description,
                    conflict_handler=group.conflict_handler)
            for action in group._group_actions:
                group_map[action] = title_group_map[group.title]
        for group in container._mutually_exclusive_groups:
            mutex_group = self.add_mutually_exclusive_group(required=group.required)
            for action in group._group_actions:
                group_map[action] = mutex_group
        for action in container._actions:
            group_map.get(action, self)._add_action(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if 'required' in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get('nargs') not in [OPTIONAL, ZERO_OR_MORE]:
            kwargs['required'] = True
        if kwargs.get('nargs') == ZERO_OR_MORE and 'default' not in kwargs:
            kwargs['required'] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for option_string in args:
            if not option_string[0] in self.prefix_chars:
                raise ValueError('invalid option string %r: must start with a '
                                 'character %r' % (option_string, self.prefix_chars))
            option_strings.append(option_string)
            if len(option_string) > 1 and option_string[1] in self.prefix_chars:
                long_option_strings.append(option_string)
        dest = kwargs.pop('dest', None)
        if dest is None:
            if long_option_strings:
                dest_option_string = long_option_strings[0]
            else:
                dest_option_string = option_strings[0]
            dest = dest_option_string.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError('dest= is required for options like %r' % option_string)
            dest = dest.replace('-', '_')
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _pop_action_class(self, kwargs, default=None):
        action = kwargs.pop('action', default)
        return self._registry_get('action', action, action)

    def _get_handler(self):
        handler = getattr(self, '_handle_conflict_%s' % self.conflict_handler, None)
        if handler is None:
            raise ValueError('invalid conflict_resolution value: %r' % self.conflict_handler)
        return handler

    def _check_conflict(self, action):
        confl_optionals = []
        for option_string in action.option_strings:
            if option_string in self._option_string_actions:
                confl_optionals.append((option_string, self._option_string_actions[option_string]))
        if confl_optionals:
            self._get_handler()(action, confl_optionals)

    def _handle_conflict_error(self, action, conflicting_actions):
        if len(conflicting_actions) == 1:
            message = 'conflicting option string: %s'
        else:
            message = 'conflicting option strings: %s'
        conflict_string = ', '.join([option_string for option_string, _ in conflicting_actions])
        raise ArgumentError(action, message % conflict_string)

    def _handle_conflict_resolve(self, action, conflicting_actions):
        for option_string, conflicting in conflicting_actions:
            conflicting.option_strings.remove(option_string)
            self._option_string_actions.pop(option_string, None)
            if not conflicting.option_strings:
                conflicting.container._remove_action(conflicting)


class _ArgumentGroup(_ActionsContainer):

    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault('conflict_handler', container.conflict_handler)
        kwargs.setdefault('prefix_chars', container.prefix_chars)
        kwargs.setdefault('argument_default', container.argument_default)
        super().__init__(description=description, **kwargs)
        self.title = title
        self._group_actions = []
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = super()._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        super()._remove_action(action)
        self._group_actions.remove(action)

    def add_argument_group(self, *args, **kwargs):
        import warnings
        warnings.warn('Nesting argument groups is deprecated.',
                      category=DeprecationWarning, stacklevel=2)
        return super().add_argument_group(*args, **kwargs)


class _MutuallyExclusiveGroup(_ArgumentGroup):

    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError('mutually exclusive arguments must be optional')
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)

    def add_mutually_exclusive_group(self, *args, **kwargs):
        import warnings
        warnings.warn('Nesting mutually exclusive groups is deprecated.',
                      category=DeprecationWarning, stacklevel=2)
        return super().add_mutually_exclusive_group(*args, **kwargs)


# ---- the parser ---------------------------------------------------------------------------

class ArgumentParser(_ActionsContainer):
    """Object for parsing command line strings into Python objects."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None,
                 parents=[], formatter_class=HelpFormatter, prefix_chars='-',
                 fromfile_prefix_chars=None, argument_default=None,
                 conflict_handler='error', add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        super().__init__(description=description, prefix_chars=prefix_chars,
                         argument_default=argument_default,
                         conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0])
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group('positional arguments')
        self._optionals = self.add_argument_group('options')
        self._subparsers = None
        default_prefix = '-' if '-' in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + 'h', default_prefix * 2 + 'help',
                              action='help', default=SUPPRESS,
                              help='show this help message and exit')
        for parent in parents:
            self._add_container_actions(parent)
            defaults = getattr(parent, '_defaults', None)
            if defaults is not None:
                self._defaults.update(defaults)

    def __repr__(self):
        return _attribute_repr(self, self._get_kwargs())

    def _get_kwargs(self):
        names = ['prog', 'usage', 'description', 'formatter_class',
                 'conflict_handler', 'add_help']
        return [(name, getattr(self, name)) for name in names]

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error('cannot have multiple subparser arguments')
        kwargs.setdefault('parser_class', type(self))
        if 'title' in kwargs or 'description' in kwargs:
            title = kwargs.pop('title', 'subcommands')
            description = kwargs.pop('description', None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get('prog') is None:
            formatter = self._get_formatter()
            positionals = self._get_positional_actions()
            groups = self._mutually_exclusive_groups
            formatter.add_usage(self.usage, positionals, groups, '')
            kwargs['prog'] = formatter.format_help().strip()
        parsers_class = self._pop_action_class(kwargs, 'parsers')
        action = parsers_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [action for action in self._actions if action.option_strings]

    def _get_positional_actions(self):
        return [action for action in self._actions if not action.option_strings]

    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            self.error('unrecognized arguments: %s' % ' '.join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS:
                if not hasattr(namespace, action.dest):
                    if action.default is not SUPPRESS:
                        setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace)
        if hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
            args.extend(getattr(namespace, _UNRECOGNIZED_ARGS_ATTR))
            delattr(namespace, _UNRECOGNIZED_ARGS_ATTR)
        return namespace, args

    def _parse_known_args(self, arg_strings, namespace):
        return _Parse(self, arg_strings, namespace).run()

    def parse_intermixed_args(self, args=None, namespace=None):
        args, argv = self.parse_known_intermixed_args(args, namespace)
        if argv:
            self.error('unrecognized arguments: %s' % ' '.join(argv))
        return args

    def parse_known_intermixed_args(self, args=None, namespace=None):
        # Two passes, as CPython: the optionals first with every positional
        # suppressed, then the positionals from what is left with no optional
        # required.
        positionals = self._get_positional_actions()
        for action in positionals:
            if action.nargs in [PARSER, REMAINDER]:
                raise TypeError('parse_intermixed_args: positional arg'
                                ' with nargs=%s' % action.nargs)
        for group in self._mutually_exclusive_groups:
            for action in group._group_actions:
                if action in positionals:
                    raise TypeError('parse_intermixed_args: positional in'
                                    ' mutuallyExclusiveGroup')
        save_usage = self.usage
        try:
            if self.usage is None:
                self.usage = self.format_usage()[7:]
            saved = [(action, action.nargs, action.default) for action in positionals]
            try:
                for action in positionals:
                    action.nargs = SUPPRESS
                    action.default = SUPPRESS
                namespace, remaining_args = self.parse_known_args(args, namespace)
                for action in positionals:
                    if (hasattr(namespace, action.dest)
                            and getattr(namespace, action.dest) == []):
                        from warnings import warn
                        warn('Do not expect %s in %s' % (action.dest, namespace))
                        delattr(namespace, action.dest)
            finally:
                for action, nargs, default in saved:
                    action.nargs = nargs
                    action.default = default
            optionals = self._get_optional_actions()
            saved_required = [(action, action.required) for action in optionals]
            saved_group_required = [(group, group.required)
                                    for group in self._mutually_exclusive_groups]
            try:
                for action in optionals:
                    action.required = False
                for group in self._mutually_exclusive_groups:
                    group.required = False
                namespace, extras = self.parse_known_args(remaining_args, namespace)
            finally:
                for action, required in saved_required:
                    action.required = required
                for group, required in saved_group_required:
                    group.required = required
        finally:
            self.usage = save_usage
        return namespace, extras

    def _read_args_from_files(self, arg_strings):
        new_arg_strings = []
        for arg_string in arg_strings:
            if not arg_string or arg_string[0] not in self.fromfile_prefix_chars:
                new_arg_strings.append(arg_string)
            else:
                try:
                    with open(arg_string[1:]) as args_file:
                        arg_strings = []
                        for arg_line in args_file.read().splitlines():
                            for arg in self.convert_arg_line_to_args(arg_line):
                                arg_strings.append(arg)
                        arg_strings = self._read_args_from_files(arg_strings)
                        new_arg_strings.extend(arg_strings)
                except OSError as err:
                    self.error(str(err))
        return new_arg_strings

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def _match_argument(self, action, arg_strings_pattern):
        lengths = _match_shape([_nargs_runs(action)], arg_strings_pattern)
        if lengths is None:
            nargs_errors = {
                None: 'expected one argument',
                OPTIONAL: 'expected at most one argument',
                ONE_OR_MORE: 'expected at least one argument',
            }
            msg = nargs_errors.get(action.nargs)
            if msg is None:
                if action.nargs == 1:
                    msg = 'expected %s argument' % action.nargs
                else:
                    msg = 'expected %s arguments' % action.nargs
            raise ArgumentError(action, msg)
        return lengths[0]

    def _match_arguments_partial(self, actions, arg_strings_pattern):
        for i in range(len(actions), 0, -1):
            lengths = _match_shape([_nargs_runs(a) for a in actions[:i]], arg_strings_pattern)
            if lengths is not None:
                return lengths
        return []

    def _parse_optional(self, arg_string):
        if not arg_string:
            return None
        if not arg_string[0] in self.prefix_chars:
            return None
        if arg_string in self._option_string_actions:
            return self._option_string_actions[arg_string], arg_string, None
        if len(arg_string) == 1:
            return None
        if '=' in arg_string:
            option_string, explicit_arg = arg_string.split('=', 1)
            if option_string in self._option_string_actions:
                return self._option_string_actions[option_string], option_string, explicit_arg
        option_tuples = self._get_option_tuples(arg_string)
        if len(option_tuples) > 1:
            options = ', '.join([option_string for action, option_string, explicit_arg
                                 in option_tuples])
            self.error('ambiguous option: %s could match %s' % (arg_string, options))
        elif len(option_tuples) == 1:
            return option_tuples[0]
        if _is_negative_number(arg_string):
            if not self._has_negative_number_optionals:
                return None
        if ' ' in arg_string:
            return None
        return None, arg_string, None

    def _get_option_tuples(self, option_string):
        result = []
        chars = self.prefix_chars
        if option_string[0] in chars and option_string[1] in chars:
            if self.allow_abbrev:
                if '=' in option_string:
                    option_prefix, explicit_arg = option_string.split('=', 1)
                else:
                    option_prefix = option_string
                    explicit_arg = None
                for candidate in self._option_string_actions:
                    if candidate.startswith(option_prefix):
                        result.append((self._option_string_actions[candidate],
                                       candidate, explicit_arg))
        elif option_string[0] in chars and option_string[1] not in chars:
            option_prefix = option_string
            short_option_prefix = option_string[:2]
            short_explicit_arg = option_string[2:]
            for candidate in self._option_string_actions:
                if candidate == short_option_prefix:
                    result.append((self._option_string_actions[candidate],
                                   candidate, short_explicit_arg))
                elif candidate.startswith(option_prefix):
                    result.append((self._option_string_actions[candidate],
                                   candidate, None))
        else:
            self.error('unexpected option string: %s' % option_string)
        return result

    def _get_values(self, action, arg_strings):
        if action.nargs not in [PARSER, REMAINDER]:
            if '--' in arg_strings:
                arg_strings.remove('--')
        if not arg_strings and action.nargs == OPTIONAL:
            if action.option_strings:
                value = action.const
            else:
                value = action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif (not arg_strings and action.nargs == ZERO_OR_MORE and
              not action.option_strings):
            if action.default is not None:
                value = action.default
            else:
                value = arg_strings
            self._check_value(action, value)
        elif len(arg_strings) == 1 and action.nargs in [None, OPTIONAL]:
            value = self._get_value(action, arg_strings[0])
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, arg_string):
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ArgumentError(action, '%r is not callable' % type_func)
        try:
            result = type_func(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, 'invalid %s value: %r' % (name, arg_string))
        return result

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            choices = ', '.join(map(repr, action.choices))
            raise ArgumentError(action, 'invalid choice: %r (choose from %s)'
                                % (value, choices))

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for action_group in self._action_groups:
            formatter.start_section(action_group.title)
            formatter.add_text(action_group.description)
            formatter.add_arguments(action_group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            if file is None:
                file = _sys.stderr
            file.write(message)

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        """error(message: string)

        Prints a usage message incorporating the message to stderr and
        exits.
        """
        self.print_usage(_sys.stderr)
        self.exit(2, '%s: error: %s\n' % (self.prog, message))


class _Parse(object):
    """One run of ArgumentParser._parse_known_args over a command line: the
    command line's shape, the actions seen, the extras left over."""

    def __init__(self, parser, arg_strings, namespace):
        if parser.fromfile_prefix_chars is not None:
            arg_strings = parser._read_args_from_files(arg_strings)
        self.parser = parser
        self.arg_strings = arg_strings
        self.namespace = namespace
        self.action_conflicts = {}
        for mutex_group in parser._mutually_exclusive_groups:
            group_actions = mutex_group._group_actions
            for i, mutex_action in enumerate(group_actions):
                conflicts = self.action_conflicts.setdefault(mutex_action, [])
                conflicts.extend(group_actions[:i])
                conflicts.extend(group_actions[i + 1:])
        # the shape of the command line: 'O' an option, 'A' an argument, '-' a '--'
        self.option_string_indices = {}
        shape = []
        after_dashes = False
        for i, arg_string in enumerate(arg_strings):
            if after_dashes:
                shape.append('A')
            elif arg_string == '--':
                shape.append('-')
                after_dashes = True
            else:
                option_tuple = parser._parse_optional(arg_string)
                if option_tuple is None:
                    shape.append('A')
                else:
                    self.option_string_indices[i] = option_tuple
                    shape.append('O')
        self.shape = ''.join(shape)
        self.seen_actions = []
        self.seen_non_default_actions = []
        self.positionals = parser._get_positional_actions()
        self.extras = []

    def take_action(self, action, argument_strings, option_string=None):
        self.seen_actions.append(action)
        argument_values = self.parser._get_values(action, argument_strings)
        if argument_values is not action.default:
            self.seen_non_default_actions.append(action)
            for conflict_action in self.action_conflicts.get(action, []):
                if conflict_action in self.seen_non_default_actions:
                    raise ArgumentError(action, 'not allowed with argument %s'
                                        % _get_action_name(conflict_action))
        if argument_values is not SUPPRESS:
            action(self.parser, self.namespace, argument_values, option_string)

    def consume_optional(self, start_index):
        parser = self.parser
        action, option_string, explicit_arg = self.option_string_indices[start_index]
        action_tuples = []
        while True:
            if action is None:
                self.extras.append(self.arg_strings[start_index])
                return start_index + 1
            if explicit_arg is not None:
                arg_count = parser._match_argument(action, 'A')
                chars = parser.prefix_chars
                if (arg_count == 0 and option_string[1] not in chars
                        and explicit_arg != ''):
                    action_tuples.append((action, [], option_string))
                    option_string = option_string[0] + explicit_arg[0]
                    new_explicit_arg = explicit_arg[1:] or None
                    if option_string in parser._option_string_actions:
                        action = parser._option_string_actions[option_string]
                        explicit_arg = new_explicit_arg
                    else:
                        raise ArgumentError(action, 'ignored explicit argument %r'
                                            % explicit_arg)
                elif arg_count == 1:
                    stop = start_index + 1
                    action_tuples.append((action, [explicit_arg], option_string))
                    break
                else:
                    raise ArgumentError(action, 'ignored explicit argument %r'
                                        % explicit_arg)
            else:
                start = start_index + 1
                arg_count = parser._match_argument(action, self.shape[start:])
                stop = start + arg_count
                action_tuples.append((action, self.arg_strings[start:stop], option_string))
                break
        for action, args, option_string in action_tuples:
            self.take_action(action, args, option_string)
        return stop

    def consume_positionals(self, start_index):
        arg_counts = self.parser._match_arguments_partial(self.positionals,
                                                          self.shape[start_index:])
        for action, arg_count in zip(self.positionals, arg_counts):
            args = self.arg_strings[start_index:start_index + arg_count]
            start_index += arg_count
            self.take_action(action, args)
        self.positionals[:] = self.positionals[len(arg_counts):]
        return start_index

    def run(self):
        parser = self.parser
        arg_strings = self.arg_strings
        namespace = self.namespace
        indices = self.option_string_indices
        start_index = 0
        max_option_string_index = max(indices) if indices else -1
        while start_index <= max_option_string_index:
            next_option_string_index = min([index for index in indices
                                            if index >= start_index])
            if start_index != next_option_string_index:
                positionals_end_index = self.consume_positionals(start_index)
                if positionals_end_index > start_index:
                    start_index = positionals_end_index
                    continue
                start_index = positionals_end_index
            if start_index not in indices:
                self.extras.extend(arg_strings[start_index:next_option_string_index])
                start_index = next_option_string_index
            start_index = self.consume_optional(start_index)
        stop_index = self.consume_positionals(start_index)
        self.extras.extend(arg_strings[stop_index:])

        required_actions = []
        for action in parser._actions:
            if action not in self.seen_actions:
                if action.required:
                    required_actions.append(_get_action_name(action))
                elif (action.default is not None and
                      isinstance(action.default, str) and
                      hasattr(namespace, action.dest) and
                      action.default is getattr(namespace, action.dest)):
                    setattr(namespace, action.dest, parser._get_value(action, action.default))
        if required_actions:
            parser.error('the following arguments are required: %s'
                         % ', '.join(required_actions))
        for group in parser._mutually_exclusive_groups:
            if group.required:
                for action in group._group_actions:
                    if action in self.seen_non_default_actions:
                        break
                else:
                    names = [_get_action_name(action) for action in group._group_actions
                             if action.help is not SUPPRESS]
                    parser.error('one of the arguments %s is required' % ' '.join(names))
        return namespace, self.extras
