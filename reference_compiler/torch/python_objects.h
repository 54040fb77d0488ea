// The small Python objects of the torch module besides tensors: layouts
// (torch.strided), memory formats (torch.contiguous_format, ...),
// torch.Size, the named tuples ops return
// (torch.return_types.max), and the conversion of a 0-d tensor's element to
// a Python number.
#pragma once

#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"
#include "reference_compiler/ops/op_registry.h"

#include <optional>
#include <string_view>

namespace refc::torch {

lang::Value layout_value();                 // torch.strided
bool is_layout(const lang::Value& v);
lang::Value memory_format_value(std::string_view name); // "contiguous_format", "preserve_format", "channels_last"
std::optional<std::string_view> memory_format_name(const lang::Value& v);

// torch.Size: a tuple subclass that prints as torch.Size([2, 3]).
lang::TypeObject* size_type();
// A torch.Size; symbolic sizes (while tracing) are torch.SymInt objects.
lang::Value make_size(tensor::SymIntArrayRef sizes);

// A list or tuple (or an instance of a subclass): what torch.tensor() reads
// as nested data and an int[] argument accepts.
bool is_sequence(const lang::Value& v);

// The element of a one-element tensor as a Python bool, int or float.
lang::Value tensor_item(const tensor::Tensor& t);

// An op's result as Python sees it: several named returns become a
// torch.return_types.<name> named tuple; a Tensor[] becomes a tuple when
// `tensor_lists_as_tuples` (torch.* and Tensor.*, not torch.ops.aten).
lang::Value wrap_result(const ops::OpDef& op, lang::Value result, bool tensor_lists_as_tuples);

// Creates the types above (called once by install()).
void init_python_objects();

} // namespace refc::torch
