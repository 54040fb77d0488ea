// Shape arithmetic shared by meta functions, with PyTorch's error messages:
// dimension wrapping, broadcasting, -1 inference for view/reshape, and the
// "[2, 3]" rendering messages use; and the other errors ops raise.
#pragma once

#include "reference_compiler/tensor/sym_int.h"
#include "reference_compiler/tensor/tensor.h"

#include <string>
#include <string_view>

namespace refc::ops {

// Raises RuntimeError(message) unless cond.
void check(bool cond, std::string_view message);
[[noreturn]] void fail(std::string_view message); // RuntimeError
[[noreturn]] void fail_index(std::string_view message); // IndexError
[[noreturn]] void fail_value(std::string_view message); // ValueError
[[noreturn]] void fail_type(std::string_view message); // TypeError
// NotImplementedError: "abs_cpu" not implemented for 'Bool' (a kernel
// without a loop for that dtype), and the checks that raise it.
[[noreturn]] void dtype_not_implemented(std::string_view kernel, tensor::DType t);
void check_floating(std::string_view kernel, tensor::DType t);
void check_integral(std::string_view kernel, tensor::DType t, bool bool_ok);
// torch.linalg.LinAlgError (torch._C._LinAlgError, a RuntimeError): a
// factorization met a singular or otherwise unusable matrix.
lang::TypeObject* linalg_error_type();
[[noreturn]] void fail_linalg(std::string_view message);

// A new tensor's sizes must not be negative ("Trying to create tensor with
// negative dimension -1: [-1, 2]").
void check_factory_sizes(tensor::SymIntArrayRef sizes);

// "[2, 3]"
std::string shape_str(tensor::SymIntArrayRef sizes);
std::string shape_str(tensor::IntArrayRef sizes);

// Wraps a possibly negative dim into [0, ndim) ("Dimension out of range
// (expected to be in range of [-2, 1], but got 2)"); a 0-d tensor accepts
// dims -1 and 0 when scalar_ok.
int64_t wrap_dim(int64_t dim, int64_t ndim, bool scalar_ok = true);
// Wraps every dim of a list; duplicates raise "dim 0 appears multiple times in
// the list of dims". Returns a bitmask of the wrapped dims (ndim <= 64).
uint64_t dim_mask(tensor::IntArrayRef dims, int64_t ndim);

// The broadcast of two shapes ("The size of tensor a (3) must match the size
// of tensor b (4) at non-singleton dimension 0").
tensor::SymIntVector broadcast_shapes(tensor::SymIntArrayRef a, tensor::SymIntArrayRef b);

// view/reshape: replaces a single -1 by the size that makes numel match
// ("shape '[5]' is invalid for input of size 6", "only one dimension can be inferred").
tensor::SymIntVector infer_size(tensor::SymIntArrayRef shape, const tensor::SymInt& numel);

// The strides a view with `new_sizes` would need to alias a tensor of
// `sizes`/`strides`, or nullopt when no such strides exist (PyTorch's computeStride).
std::optional<tensor::SymIntVector> view_strides(tensor::SymIntArrayRef sizes,
                                                 tensor::SymIntArrayRef strides,
                                                 tensor::SymIntArrayRef new_sizes);

// Rejects an in-place write to a leaf that requires grad (or a view of one)
// while grad mode is on, with PyTorch's message.
void check_inplace_allowed(const tensor::Tensor& self);

} // namespace refc::ops
