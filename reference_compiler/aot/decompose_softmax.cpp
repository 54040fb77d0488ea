// Decompositions of softmax and log-softmax and their backward formulas
// (decompositions.def, "softmax"): the max-subtracted exponentials and
// their sums, as 2.14's _softmax / _log_softmax decompositions trace.
#include "reference_compiler/aot/decompose.h"

namespace refc::aot::decomp {

namespace {

tensor::IntVector dims(int64_t dim) { return tensor::IntVector{dim}; }

// x - amax(x, dim, keepdim) (for an empty tensor, x itself: amax has no identity).
Tensor shifted(const Tensor& x, int64_t dim) {
  if (x.numel() == 0) return x;
  return call_tensor("sub.Tensor", x, call_tensor("amax", x, dims(dim), true));
}

} // namespace

lang::Value decompose_softmax(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  if (a.bool_(2) || !is_opmath(x)) return {}; // half_to_float: the upcast is not written yet
  const int64_t dim = a.int_(1);
  Tensor unnormalized = call_tensor("exp", shifted(x, dim));
  return result(call_tensor("div.Tensor", unnormalized, call_tensor("sum.dim_IntList", unnormalized, dims(dim), true)));
}

lang::Value decompose_log_softmax(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  if (a.bool_(2) || !is_opmath(x)) return {};
  const int64_t dim = a.int_(1);
  Tensor s = shifted(x, dim);
  Tensor lse = call_tensor("log", call_tensor("sum.dim_IntList", call_tensor("exp", s), dims(dim), true));
  return result(call_tensor("sub.Tensor", s, lse));
}

// Inductor's: grad * out - out * sum(grad * out, dim).
lang::Value decompose_softmax_backward_data(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), out = a.tensor(1);
  if (!is_opmath(out) || a.dtype(3) != grad.dtype()) return {};
  const int64_t dim = a.int_(2);
  Tensor g = call_tensor("mul.Tensor", grad, out);
  Tensor sum = call_tensor("sum.dim_IntList", g, dims(dim), true);
  return result(call_tensor("sub.Tensor", g, call_tensor("mul.Tensor", out, sum)));
}

// grad - exp(out) * sum(grad, dim).
lang::Value decompose_log_softmax_backward_data(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), out = a.tensor(1);
  if (!is_opmath(out) || a.dtype(3) != grad.dtype()) return {};
  const int64_t dim = a.int_(2);
  Tensor sum = call_tensor("sum.dim_IntList", grad, dims(dim), true);
  return result(call_tensor("sub.Tensor", grad, call_tensor("mul.Tensor", call_tensor("exp", out), sum)));
}

} // namespace refc::aot::decomp
