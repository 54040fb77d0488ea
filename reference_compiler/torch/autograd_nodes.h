// The Python face of autograd graph nodes (a tensor's grad_fn): name(),
// next_functions and AccumulateGrad's variable, as PyTorch's
// torch/csrc/autograd/python_cpp_function.cpp exposes them; and the node
// torch.autograd.Function records, whose backward is a Python callable.
#pragma once

#include "reference_compiler/lang/native_function.h"

namespace refc::torch {

void init_autograd_nodes();

// torch._C._record_function(name, backward, inputs, outputs): makes the
// tensors of `outputs` outputs of a node named `name` whose backward calls
// `backward(*grad_outputs)` and returns one gradient (or None) per entry of
// `inputs` (None entries are inputs that are not tensors).
lang::Value record_python_function(lang::Args a);

} // namespace refc::torch
