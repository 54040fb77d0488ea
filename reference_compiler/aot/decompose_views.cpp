// Decompositions of view and shape ops (decompositions.def, "views and
// shapes"): transposes become permute, _unsafe_view becomes view, detach
// becomes alias, and the backward of slicing and selecting scatters the
// gradient into zeros.
#include "reference_compiler/aot/decompose.h"

#include <numeric>

namespace refc::aot::decomp {

namespace {

lang::Value permute_swapping(const Tensor& self, int64_t dim0, int64_t dim1) {
  const int64_t n = self.dim();
  if (n < 2) return {}; // 2.14 returns self for 0-d and 1-d; refc traces the op
  tensor::IntVector perm(static_cast<size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  dim0 = dim0 < 0 ? dim0 + n : dim0;
  dim1 = dim1 < 0 ? dim1 + n : dim1;
  std::swap(perm[static_cast<size_t>(dim0)], perm[static_cast<size_t>(dim1)]);
  return call_tensor("permute", self, perm).to_value();
}

} // namespace

// _refs.t: transpose(0, 1) for a matrix.
lang::Value decompose_t(const ops::OpArgs& a) { return permute_swapping(a.tensor(0), 0, 1); }

lang::Value decompose_transpose(const ops::OpArgs& a) { return permute_swapping(a.tensor(0), a.int_(1), a.int_(2)); }

lang::Value decompose_unsafe_view(const ops::OpArgs& a) {
  return result(call_tensor("view", a.tensor(0), a.sym_int_list(1)));
}

lang::Value decompose_detach(const ops::OpArgs& a) { return result(call_tensor("alias", a.tensor(0))); }

// grad_input = zeros(input_sizes); grad_input[..., start:end:step, ...] = grad.
lang::Value decompose_slice_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0);
  Tensor zeros = call_tensor("new_zeros", grad, a.sym_int_list(1));
  return result(call_tensor("slice_scatter", zeros, grad, a.int_(2), a.sym_int(3), a.sym_int(4), a.sym_int(5)));
}

lang::Value decompose_select_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0);
  Tensor zeros = call_tensor("new_zeros", grad, a.sym_int_list(1));
  return result(call_tensor("select_scatter", zeros, grad, a.int_(2), a.sym_int(3)));
}

} // namespace refc::aot::decomp
