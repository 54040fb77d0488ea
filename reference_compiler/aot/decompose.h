// The built-in decompositions of decompositions.def, declared once from the
// table; each family's are defined in its decompose_<family>.cpp, written
// after 2.14's torch/_decomp/decompositions.py, torch/_refs and
// torch/_inductor/decomposition.py so the graphs hold the same ops.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/op_args.h"

namespace refc::aot::decomp {

#define REFC_DECOMPOSITION(name, tables, fn) lang::Value fn(const ops::OpArgs& a);
#include "reference_compiler/aot/decompositions.def"
#undef REFC_DECOMPOSITION

// What the family files share.
using ops::call_tensor;
using tensor::Tensor;
inline lang::Value result(const Tensor& t) { return t.to_value(); }
// A 0-d tensor holding `value`, of `like`'s dtype and device: how a Python
// number in a decomposition's torch.where(...) is traced.
inline Tensor scalar_like(double value, const Tensor& like) {
  return call_tensor("scalar_tensor", value, like.dtype(), std::nullopt, like.device());
}
// Pointwise decompositions compute in op-math precision (pw_cast_for_opmath);
// refc's decline for half and bfloat16 until that upcast is written.
inline bool is_opmath(const Tensor& t) {
  return t.dtype() == tensor::DType::Float32 || t.dtype() == tensor::DType::Float64;
}

} // namespace refc::aot::decomp
