// Binding a Python call to an op: matching positional and keyword arguments
// against the op's schema, filling defaults, checking and normalising each
// value (PyTorch's python_arg_parser: Python numbers for Scalars and, where an
// op allows it, for Tensors; a single int or varargs for int lists; dtype,
// device and memory-format objects), and choosing among the overloads of a
// name. Errors carry PyTorch's wording ("add(): argument 'other' (position 2)
// must be Tensor, not str").
#pragma once

#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/ops/op_registry.h"

#include <span>
#include <string>
#include <vector>

namespace refc::torch {

// How a call reaches the op: as torch.<name>(...) (self is called "input"),
// as x.<name>(...) (self is the receiver, bound outside `args`), or as
// torch.ops.aten.<name>.<overload>(...) (the schema's own names).
enum class CallStyle { Function, Method, Aten };

// Binds `args` for `op`; on success fills `out` with one normalised value per
// schema argument and returns true, otherwise stores the reason (a complete
// message for the single-overload case) in `why` and returns false.
bool bind_call(const ops::OpDef& op, CallStyle style, const lang::Value* self, lang::Args args,
               std::string_view python_name, std::vector<lang::Value>& out, std::string& why);

// Binds and calls the first overload that accepts the arguments; raises
// TypeError when none does.
lang::Value call_overloads(std::span<const ops::OpDef* const> overloads, CallStyle style,
                           const lang::Value* self, lang::Args args, std::string_view python_name);

// The Python signature of an op as error messages list it:
// "(Tensor input, Tensor other, *, Number alpha = 1)".
std::string python_signature(const ops::OpDef& op, CallStyle style);

// How PyTorch names a value's type in messages: "Tensor", "int", "tuple", ...
std::string python_type_name(const lang::Value& v);

} // namespace refc::torch
