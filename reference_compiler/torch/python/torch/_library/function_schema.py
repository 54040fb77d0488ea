"""Operator schemas: the parsed form of "mylib::foo(Tensor x, SymInt n=2, *,
float scale=1.) -> (Tensor, Tensor)" (PyTorch's torch._C.FunctionSchema).

A custom operator's schema is read once, when the operator is defined; its
arguments drive how calls are bound, which inputs are mutated and what the
operator returns. `str()` prints it as PyTorch's C++ printer does (a float
default 1.0 reads `1.`, a dtype default its ScalarType number)."""

import torch


class SchemaType:
    """An argument or return type: its schema text ("SymInt[]", "Tensor?")."""

    def __init__(self, text):
        self._text = text

    def __str__(self):
        # Python's view of the type: Optional[...], List[...], a SymInt as an int.
        text = self._text
        if text.endswith("?"):
            return f"Optional[{SchemaType(text[:-1])}]"
        if text.endswith("[]"):
            return f"List[{SchemaType(text[:-2])}]"
        return "int" if text == "SymInt" else text

    def __repr__(self):
        return str(self)

    def is_tensor_like(self):
        return self._text.startswith("Tensor")

    def is_tensor_list(self):
        return self._text.startswith("Tensor") and "[]" in self._text


class AliasInfo:
    """The `(a0!)` of a mutated Tensor: its alias set and whether it is written."""

    def __init__(self, name, is_write):
        self.name = name
        self.is_write = is_write


class Argument:
    """One argument (or return) of a schema."""

    def __init__(self, name, type, default_value=None, has_default=False, kwarg_only=False, alias_info=None):
        self.name = name
        self.type = type
        self.default_value = default_value
        self.has_default_value = has_default
        self.kwarg_only = kwarg_only
        self.alias_info = alias_info

    def _type_text(self):
        text = self.type._text
        if self.alias_info is None:
            return text
        mark = "!" if self.alias_info.is_write else ""
        return f"Tensor({self.alias_info.name}{mark}){text[len('Tensor'):]}"

    def __str__(self):
        text = self._type_text()
        if self.name:
            text += " " + self.name
        if self.has_default_value:
            text += "=" + _default_str(self.default_value)
        return text


def _default_str(value):
    if value is None or isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        # c10's printer: integral values end in "."; others as a C++ stream prints them.
        if value == value and abs(value) < 1e10 and value == int(value):
            return ("-" if value == 0 and str(value).startswith("-") else "") + str(int(value)) + "."
        return "%.17g" % value
    if isinstance(value, torch.dtype):
        return str(_SCALAR_TYPES.index(value))
    return '"' + str(value) + '"'


# c10's ScalarType numbering, which the printer shows for a dtype default.
# (refc has no complex dtypes: their numbers, 8-10, and the quantized ones, 12-14, stay unused.)
_SCALAR_TYPES = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.float32,
                 torch.float64, None, None, None, torch.bool, None, None, None, torch.bfloat16]


def _parse_default(text, schema_type):
    if schema_type._text.startswith("ScalarType") and text != "None":
        return getattr(torch, text)
    if text in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[text]
    if text.startswith('"') or text.startswith("'"):
        return text[1:-1]
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _split_top_level(text):
    """Splits on the commas outside brackets and parentheses."""
    parts, depth, current = [], 0, ""
    for c in text:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    if current.strip():
        parts.append(current.strip())
    return parts


def _parse_type(text):
    """'Tensor(a0!)[]' -> (SchemaType('Tensor[]'), AliasInfo('a0', True))."""
    alias = None
    if text.startswith("Tensor("):
        close = text.index(")")
        inner = text[len("Tensor("):close]
        alias = AliasInfo(inner.rstrip("!"), inner.endswith("!"))
        text = "Tensor" + text[close + 1:]
    return SchemaType(text), alias


def _parse_argument(text, kwarg_only, schema_text):
    default_text = None
    if "=" in text:
        text, default_text = text.split("=", 1)
    pieces = text.strip().rsplit(" ", 1)
    if len(pieces) != 2:
        raise RuntimeError(f"Expected an argument name in schema: {schema_text}")
    schema_type, alias = _parse_type(pieces[0].strip())
    has_default = default_text is not None
    default = _parse_default(default_text.strip(), schema_type) if has_default else None
    return Argument(pieces[1], schema_type, default, has_default, kwarg_only, alias)


def _parse_returns(text):
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        parts = _split_top_level(text[1:-1])
        # "((Tensor))": a tuple of one Tensor.
        if len(parts) == 1 and parts[0].startswith("(") and parts[0].endswith(")"):
            parts = _split_top_level(parts[0][1:-1])
        tuple_return = True
    else:
        parts = [text]
        tuple_return = False
    returns = []
    for part in parts:
        schema_type, alias = _parse_type(part.split(" ")[0])
        returns.append(Argument("", schema_type, alias_info=alias))
    return returns, tuple_return


class FunctionSchema:
    """A parsed operator schema."""

    def __init__(self, name, overload_name, arguments, returns, tuple_return):
        self.name = name
        self.overload_name = overload_name
        self.arguments = arguments
        self.returns = returns
        self._tuple_return = tuple_return

    @property
    def is_mutable(self):
        return any(a.alias_info is not None and a.alias_info.is_write for a in self.arguments)

    def _is_view_op(self):
        return any(a.alias_info is not None and not a.alias_info.is_write for a in self.arguments)

    def __str__(self):
        params, saw_kwarg_only = [], False
        for a in self.arguments:
            if a.kwarg_only and not saw_kwarg_only:
                params.append("*")
                saw_kwarg_only = True
            params.append(str(a))
        name = self.name + ("." + self.overload_name if self.overload_name else "")
        returns = [r._type_text() for r in self.returns]
        if len(returns) == 1 and not self._tuple_return:
            ret = returns[0]
        elif len(returns) == 1:
            ret = "((" + returns[0] + "))"
        else:
            ret = "(" + ", ".join(returns) + ")"
        return f"{name}({', '.join(params)}) -> {ret}"

    def __repr__(self):
        return str(self)


def parse_schema(text):
    """Parses "ns::name(ARGS) -> RETURNS" (the name may be left out)."""
    open_paren = text.index("(")
    head = text[:open_paren].strip()
    depth, close = 0, -1
    for i in range(open_paren, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                close = i
                break
    arrow = text.index("->", close)
    name, _, overload = head.partition(".")
    arguments, kwarg_only = [], False
    for part in _split_top_level(text[open_paren + 1:close]):
        if part == "*":
            kwarg_only = True
            continue
        arguments.append(_parse_argument(part, kwarg_only, text))
    returns, tuple_return = _parse_returns(text[arrow + 2:])
    return FunctionSchema(name, overload, arguments, returns, tuple_return)
