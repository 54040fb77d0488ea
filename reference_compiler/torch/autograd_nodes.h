// The Python face of autograd graph nodes (a tensor's grad_fn): name(),
// next_functions and AccumulateGrad's variable, as PyTorch's
// torch/csrc/autograd/python_cpp_function.cpp exposes them.
#pragma once

namespace refc::torch {

void init_autograd_nodes();

} // namespace refc::torch
