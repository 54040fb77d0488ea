// scaled_dot_product_attention on its math path (ATen's
// _scaled_dot_product_attention_math): the query and the transposed key each
// scaled by sqrt(scale), a boolean mask turned additive (-inf where masked
// out), a causal mask built with tril, _safe_softmax (zero rows where every
// score is -inf), dropout, and the product with the value. It is a
// composite, so autograd flows through the ops it runs.
//
// PyTorch's CPU dispatcher sends 4-D inputs that qualify to its fused flash
// kernel instead (a blocked online softmax whose rounding differs in the
// last bits); refc always takes the math path.
#include "reference_compiler/ops/elementwise.h"

#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/shape_checks.h"

#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

std::string dtype_str(DType t) { return "torch." + std::string(tensor::dtype_name(t)); }

// The additive form of a mask: boolean masks give -inf where false, 0 where true.
Tensor additive_mask(const Tensor& mask, DType dtype) {
  if (mask.dtype() != DType::Bool) return mask;
  Tensor zero = call_tensor("scalar_tensor", 0.0, dtype);
  return call_tensor("where.ScalarSelf", call_tensor("logical_not", mask), -std::numeric_limits<double>::infinity(), zero);
}

// _safe_softmax(self, dim, dtype): softmax, with rows that are entirely -inf giving zeros.
Value safe_softmax_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t dim = a.int_(1);
  Tensor out = call_tensor("softmax.int", self, dim, a[2]);
  Tensor masked = call_tensor("eq.Scalar", self, -std::numeric_limits<double>::infinity());
  Tensor masked_rows = call_tensor("all.dim", masked, dim, true);
  return call("where.ScalarSelf", masked_rows, 0.0, out);
}

// scaled_dot_product_attention(query, key, value, attn_mask, dropout_p, is_causal, *, scale, enable_gqa)
Value sdpa_run(const OpArgs& a) {
  Tensor query = a.tensor(0), key = a.tensor(1), value = a.tensor(2), mask = a.optional_tensor(3);
  const double dropout_p = a.double_(4);
  const bool is_causal = a.bool_(5), enable_gqa = a.bool_(7);
  const std::optional<double> scale = a.optional_double(6);
  check(query.dtype() == key.dtype() && query.dtype() == value.dtype(),
        "Expected query, key, and value to have the same dtype, but got query.dtype: " + dtype_str(query.dtype()) +
            " key.dtype: " + dtype_str(key.dtype()) + " and value.dtype: " + dtype_str(value.dtype()) + " instead.");
  check(query.dim() >= 2 && key.dim() >= 2 && value.dim() >= 2,
        "Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: " +
            std::to_string(query.dim()) + " key.dim: " + std::to_string(key.dim()) + " and value.dim: " +
            std::to_string(value.dim()) + " instead.");
  if (mask.defined())
    check(mask.dtype() == DType::Bool || mask.dtype() == DType::Float32 || mask.dtype() == query.dtype(),
          "Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: " +
              dtype_str(mask.dtype()) + " and  query.dtype: " + dtype_str(query.dtype()) + " instead.");
  if (mask.defined()) mask = additive_mask(mask, query.dtype());

  const DType origin = query.dtype();
  // Half and BFloat16 inputs compute in float.
  if (origin == DType::Float16 || origin == DType::BFloat16) {
    query = call_tensor("to.dtype", query, DType::Float32);
    key = call_tensor("to.dtype", key, DType::Float32);
    value = call_tensor("to.dtype", value, DType::Float32);
  }
  // Both query and key are scaled by sqrt(scale), for stability.
  const bool negative = scale && *scale < 0;
  const double head_dim = static_cast<double>(query.size(query.dim() - 1));
  const double softmax_scale = scale ? std::abs(*scale) : 1.0 / std::sqrt(head_dim);
  const double factor = std::sqrt(softmax_scale);
  Tensor q = call_tensor("mul.Tensor", query, negative ? -factor : factor);
  if (is_causal) {
    check(!mask.defined(), "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
    tensor::IntVector shape = {q.size(q.dim() - 2), key.size(key.dim() - 2)};
    Tensor ones = call_tensor("ones", shape, DType::Bool);
    mask = additive_mask(call_tensor("tril", ones), q.dtype());
  }
  if (enable_gqa && query.dim() >= 3 && key.dim() >= 3 && query.size(query.dim() - 3) != key.size(key.dim() - 3)) {
    const int64_t repeats = query.size(query.dim() - 3) / key.size(key.dim() - 3);
    key = call_tensor("repeat_interleave.self_int", key, repeats, -3);
    value = call_tensor("repeat_interleave.self_int", value, repeats, -3);
  }
  Tensor attn = call_tensor("matmul", q, call_tensor("mul.Tensor", call_tensor("transpose.int", key, -2, -1), factor));
  if (mask.defined()) attn = call_tensor("add.Tensor", attn, mask);
  attn = call_tensor("_safe_softmax", attn, -1);
  if (dropout_p > 0.0) attn = call_tensor("dropout", attn, dropout_p, true);
  return call("to.dtype", call_tensor("matmul", attn, value), origin);
}

} // namespace

void register_attention_ops(OpRegistry& r) {
  r.def("_safe_softmax(Tensor self, int dim, ScalarType? dtype=None) -> Tensor").composite(safe_softmax_run);
  r.def("scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
        "float dropout_p=0.0, bool is_causal=False, *, float? scale=None, bool enable_gqa=False) -> Tensor")
      .hidden().composite(sdpa_run);
}

} // namespace refc::ops
