// Binding a call's arguments to a Python function's parameters: positional,
// positional-only, defaults, *args, keyword-only, keyword defaults and
// **kwargs, with CPython 3.11's TypeError messages ("f() missing 1 required
// positional argument: 'b'", "f() got an unexpected keyword argument 'z'", ...).
#pragma once

#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/native_function.h"

namespace refc::lang {

// Fills the parameter slots (the first code->total_args() of `slots`, all
// Null on entry) of a call of `f` running `code`. Raises TypeError.
void bind_arguments(Function* f, const CodeObject* code, const Args& args, Value* slots);

// CPython's _PyObject_FunctionStr: "mod.qualname()" for a callable, as
// messages about call arguments name it ("__main__.f() argument after * must be
// an iterable, not int").
std::string function_str(const Value& callable);

} // namespace refc::lang
