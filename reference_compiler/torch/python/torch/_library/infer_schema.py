"""torch.library.infer_schema: an operator schema from a function's type
annotations, as PyTorch 2.14 infers it (`int` is a SymInt, `Optional[T]` a
`T?`, `list[T]` a `T[]`), with 2.14's ValueError texts for what it refuses."""

import inspect
import typing

import torch


def _derived(base, schema_type, list_form, optional_elements_list, optional_list):
    """The annotation forms one base type gives and their schema types."""
    pairs = [(base, schema_type), (typing.Optional[base], schema_type + "?")]
    if list_form:
        pairs += [(typing.Sequence[base], schema_type + "[]"), (typing.List[base], schema_type + "[]"),
                  (list[base], schema_type + "[]")]
    if optional_elements_list:
        element = typing.Optional[base]
        pairs += [(typing.Sequence[element], schema_type + "?[]"), (typing.List[element], schema_type + "?[]"),
                  (list[element], schema_type + "?[]")]
    if optional_list:
        pairs += [(typing.Optional[typing.Sequence[base]], schema_type + "[]?"),
                  (typing.Optional[typing.List[base]], schema_type + "[]?"),
                  (typing.Optional[list[base]], schema_type + "[]?")]
    return pairs


def _supported_param_types():
    table = [
        (torch.Tensor, "Tensor", True, True, False),
        (int, "SymInt", True, False, True),
        (float, "float", True, False, True),
        (bool, "bool", True, False, True),
        (str, "str", False, False, False),
        (torch.dtype, "ScalarType", False, False, False),
        (torch.device, "Device", False, False, False),
    ]
    result = {}
    for row in table:
        for annotation, schema_type in _derived(*row):
            result[annotation] = schema_type
    return result


SUPPORTED_PARAM_TYPES = _supported_param_types()

SUPPORTED_RETURN_TYPES = {
    torch.Tensor: "Tensor",
    typing.List[torch.Tensor]: "Tensor[]",
    list[torch.Tensor]: "Tensor[]",
    int: "SymInt",
    float: "float",
    bool: "bool",
}


def _tuple_to_list(tuple_type):
    """The list annotation suggested instead of a tuple one: tuple[T, T] -> list[T]."""
    args = typing.get_args(tuple_type)
    if not args:
        return list
    if len(args) == 1 or (len(args) == 2 and args[1] is Ellipsis):
        return list[args[0]]
    return list[typing.Union[args]]


def _default_text(name, default, error_fn):
    if default is None or isinstance(default, (int, float, bool)):
        return str(default)
    if isinstance(default, (str, torch.device)):
        return f'"{default}"'
    if isinstance(default, torch.dtype):
        return str(default)[len("torch."):]
    error_fn(f"Parameter {name} has an unsupported default value type {type(default)}. "
             f"Please file an issue on GitHub so we can prioritize this.")


def _return_schema(annotation, error_fn):
    if annotation is None:
        return "()"
    if annotation is inspect.Parameter.empty:
        error_fn("No return type annotation was provided. Please add one.")
    if typing.get_origin(annotation) is not tuple:
        if annotation not in SUPPORTED_RETURN_TYPES:
            error_fn(f"Return has unsupported type {annotation}. The valid types are: {SUPPORTED_RETURN_TYPES}.")
        return SUPPORTED_RETURN_TYPES[annotation]
    elements = typing.get_args(annotation)
    for element in elements:
        if element not in SUPPORTED_RETURN_TYPES:
            error_fn(f"Return has unsupported type {annotation}. The valid types are: {SUPPORTED_RETURN_TYPES}.")
    text = ", ".join(SUPPORTED_RETURN_TYPES[e] for e in elements)
    # A tuple of one element is written ((T)).
    if len(elements) == 1:
        text = "(" + text + ")"
    return "(" + text + ")"


def infer_schema(prototype_function, /, *, mutates_args, op_name=None):
    """The schema of `prototype_function`: "(Tensor x, SymInt n) -> Tensor",
    or "op_name(Tensor x, SymInt n) -> Tensor" when op_name is given."""
    sig = inspect.signature(prototype_function)
    unknown_mutates = type(mutates_args) is str
    if not unknown_mutates:
        mutates_args = tuple(mutates_args)

    def error_fn(what):
        raise ValueError(f"infer_schema(func): {what} Got func with signature {sig})")

    params, seen, saw_kwarg_only = [], set(), False
    for idx, (name, param) in enumerate(sig.parameters.items()):
        if param.kind not in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY):
            error_fn("We do not support positional-only args, varargs, or varkwargs.")
        if param.kind == inspect.Parameter.KEYWORD_ONLY and not saw_kwarg_only:
            params.append("*")
            saw_kwarg_only = True
        if param.annotation is inspect.Parameter.empty:
            error_fn(f"Parameter {name} must have a type annotation.")
        annotation = param.annotation
        if annotation not in SUPPORTED_PARAM_TYPES:
            if typing.get_origin(annotation) is tuple:
                list_type = _tuple_to_list(annotation)
                example = f"For example, {list_type}.\n\n" if list_type in SUPPORTED_PARAM_TYPES else "\n\n"
                error_fn(f"Parameter {name} has unsupported type {annotation}. We do not support Tuple inputs in "
                         f"schema. As a workaround, please try to use List instead. {example}"
                         f"The valid types are: {SUPPORTED_PARAM_TYPES.keys()}.")
            error_fn(f"Parameter {name} has unsupported type {annotation}. "
                     f"The valid types are: {SUPPORTED_PARAM_TYPES.keys()}.")
        schema_type = SUPPORTED_PARAM_TYPES[annotation]
        if unknown_mutates:
            if mutates_args != "unknown":
                raise ValueError("mutates_args must either be a sequence of the names of the arguments that are "
                                 "mutated or the string 'unknown'. ")
            if schema_type.startswith("Tensor"):
                schema_type = f"Tensor(a{idx}!){schema_type[len('Tensor'):]}"
        elif name in mutates_args:
            if not schema_type.startswith("Tensor"):
                error_fn(f"Parameter {name} is in mutable_args but only Tensors or collections of Tensors can be "
                         f"mutated")
            schema_type = f"Tensor(a{idx}!){schema_type[len('Tensor'):]}"
        seen.add(name)
        if param.default is inspect.Parameter.empty:
            params.append(f"{schema_type} {name}")
        else:
            params.append(f"{schema_type} {name}={_default_text(name, param.default, error_fn)}")
    if not unknown_mutates:
        not_seen = set(mutates_args) - seen
        if len(not_seen) > 0:
            error_fn(f"{not_seen} in mutates_args were not found in the custom op's signature. mutates_args should "
                     f"contain the names of all args that the custom op mutates, or just the string 'unknown' if "
                     f"you don't know.")
    ret = _return_schema(sig.return_annotation, error_fn)
    if op_name is not None:
        return f"{op_name}({', '.join(params)}) -> {ret}"
    return f"({', '.join(params)}) -> {ret}"
