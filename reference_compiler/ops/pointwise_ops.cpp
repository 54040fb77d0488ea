// Ternary pointwise ops: where with Tensor or Scalar branches (the
// one-argument form is nonzero's, in masked_ops.cpp), lerp (Scalar or Tensor weight),
// addcmul and addcdiv. Like the binary ops they broadcast and promote; lerp
// computes with one fused multiply-add per element as ATen's lerp_vec does.
#include "reference_compiler/ops/unary_kernels.h"

#include "reference_compiler/ops/op_family.h"

#include <cmath>

namespace refc::ops {

namespace {

// ---- where ---------------------------------------------------------------------------------

std::vector<TensorSpec> where_meta(const OpArgs& a) {
  Tensor cond = a.tensor(0);
  if (cond.dtype() != DType::Bool && cond.dtype() != DType::UInt8)
    fail("where expected condition to be a boolean tensor, but got a tensor with dtype " +
         std::string(tensor::scalar_type_name(cond.dtype())));
  ResultType rt;
  rt.add_arg(a, 1);
  rt.add_arg(a, 2);
  std::vector<Tensor> operands{cond};
  for (size_t i = 1; i < 3; ++i)
    if (!a.is_number(i)) operands.push_back(a.tensor(i));
  return {elementwise_spec(operands, rt.result())};
}
void where_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  Tensor cond = to_dtype(a.tensor(0), DType::Bool);
  tensor::visit_dtype(t, [&]<class T>() {
    ternary_loop<T, bool, T, T>(out[0], cond, to_dtype(a.tensor(1), t), to_dtype(a.tensor(2), t),
                                [](bool c, T x, T y) { return c ? x : y; });
  });
}
// where(condition, self, other) with Scalar branches: the Tensor overload
// with the numbers wrapped.
// ATen's where with Scalars (TensorCompare.cpp): each Scalar becomes a 0-d
// tensor of the operands' result type (traced as aten.scalar_tensor) and a
// tensor operand is converted to it, then where.self.
Value where_scalar_run(const OpArgs& a) {
  ResultType rt;
  for (size_t i = 1; i <= 2; ++i) {
    if (a.is_number(i)) rt.add(a.scalar(i));
    else rt.add(a.tensor(i));
  }
  const DType dtype = rt.result();
  const tensor::Device device = a.tensor(0).device();
  auto operand = [&](size_t i) -> Value {
    if (a.is_number(i)) return call("scalar_tensor", scalar_value(a.scalar(i)), dtype, std::nullopt, device);
    const Tensor t = a.tensor(i);
    return t.dtype() == dtype ? t.to_value() : call("_to_copy", t, dtype);
  };
  return call("where.self", a[0], operand(1), operand(2));
}

Grads where_backward(const BackwardContext& c, const Grads& g) {
  Tensor cond = c.tensor(0);
  Grads out(3);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("where.ScalarOther", cond, g[0], 0.0);
  if (c.needs_grad_of_arg(2)) out[2] = call_tensor("where.ScalarSelf", cond, 0.0, g[0]);
  return out;
}

// ---- lerp ----------------------------------------------------------------------------------

// self + weight (end - self), or end - (end - self)(1 - weight) for |weight| >= 0.5.
template <class T> T lerp(T self, T end, T weight) {
  return std::abs(weight) < T(0.5) ? std::fma(weight, end - self, self) : std::fma(weight - T(1), end - self, end);
}

void check_same_dtype(const Tensor& self, const Tensor& other, const char* what) {
  if (other.dtype() != self.dtype())
    fail("expected dtype " + std::string(tensor::dtype_name(self.dtype())) + " for `" + what + "` but got dtype " +
         std::string(tensor::dtype_name(other.dtype())));
}
std::vector<TensorSpec> lerp_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), end = a.tensor(1);
  check_same_dtype(self, end, "end");
  std::vector<Tensor> operands{self, end};
  bool tensor_weight = !a.is_number(2);
  if (tensor_weight) {
    check_same_dtype(self, a.tensor(2), "weight");
    operands.push_back(a.tensor(2));
  }
  check_floating(tensor_weight ? "lerp_kernel_tensor_weight" : "lerp_kernel_scalar", self.dtype());
  return {elementwise_spec(operands, self.dtype())};
}
void lerp_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  tensor::visit_dtype(t, [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      using M = OpMath<T>;
      if (a.is_number(2)) {
        M w = static_cast<M>(a.scalar(2).to_double());
        binary_loop<T, T>(out[0], a.tensor(0), a.tensor(1),
                          [w](T s, T e) { return static_cast<T>(lerp<M>(s, e, w)); });
      } else {
        ternary_loop<T, T, T, T>(out[0], a.tensor(0), a.tensor(1), a.tensor(2),
                                 [](T s, T e, T w) { return static_cast<T>(lerp<M>(s, e, w)); });
      }
    }
  });
}

Grads lerp_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (a.is_number(2)) {
    double w = a.scalar(2).to_double();
    if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mul.Tensor", g[0], 1 - w);
    if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", g[0], w);
    return out;
  }
  Tensor w = c.tensor(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mul.Tensor", g[0], call_tensor("rsub.Scalar", w, 1));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", g[0], w);
  if (c.needs_grad_of_arg(2))
    out[2] = call_tensor("mul.Tensor", g[0], call_tensor("sub.Tensor", c.tensor(1), c.tensor(0)));
  return out;
}

// ---- addcmul / addcdiv ---------------------------------------------------------------------

std::vector<TensorSpec> addc_meta(const OpArgs& a) {
  ResultType rt;
  std::vector<Tensor> operands;
  for (size_t i = 0; i < 3; ++i) {
    rt.add(a.tensor(i));
    operands.push_back(a.tensor(i));
  }
  return {elementwise_spec(operands, rt.result())};
}
std::vector<TensorSpec> addcdiv_meta(const OpArgs& a) {
  if (!tensor::is_floating(a.tensor(1).dtype()) && !tensor::is_floating(a.tensor(2).dtype()))
    fail("Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a "
         "true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value "
         "* torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / "
         "tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value "
         "* tensor1 / tensor2), for all dtypes.");
  return addc_meta(a);
}
// self + value * t1 * t2 (kMul: the last multiply-add fused, as GCC compiles
// ATen's kernel) or self + value * t1 / t2, value in the compute type.
template <bool kMul> void addc_kernel(const OpArgs& a, std::span<const Tensor> out) {
  DType t = out[0].dtype();
  if (t == DType::Bool) dtype_not_implemented(kMul ? "addcmul_cpu_out" : "addcdiv_cpu_out", t);
  tensor::visit_dtype(t, [&]<class T>() {
    if constexpr (!std::is_same_v<T, bool>) {
      using M = OpMath<T>;
      M value = a.scalar(3).to<M>();
      ternary_loop<T, T, T, T>(out[0], to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t), to_dtype(a.tensor(2), t),
                               [value](T s, T x, T y) {
                                 M p = value * static_cast<M>(x);
                                 if constexpr (kMul && std::is_floating_point_v<M>)
                                   return static_cast<T>(std::fma(p, static_cast<M>(y), static_cast<M>(s)));
                                 else if constexpr (kMul) return static_cast<T>(static_cast<M>(s) + p * static_cast<M>(y));
                                 else return static_cast<T>(static_cast<M>(s) + p / static_cast<M>(y));
                               });
    }
  });
}

Grads addcmul_backward(const BackwardContext& c, const Grads& g) {
  Value value = c.args()[3];
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  // grad * (tensor2 * value): the Scalar multiplies as a Scalar (mul.Scalar), as derivatives.yaml's does
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", g[0], call_tensor("mul.Scalar", c.tensor(2), value));
  if (c.needs_grad_of_arg(2)) out[2] = call_tensor("mul.Tensor", g[0], call_tensor("mul.Scalar", c.tensor(1), value));
  return out;
}
Grads addcdiv_backward(const BackwardContext& c, const Grads& g) {
  Value value = c.args()[3];
  Tensor t2 = c.tensor(2);
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  // grad * (value / tensor2), where Scalar / Tensor is tensor2.reciprocal() * value
  if (c.needs_grad_of_arg(1))
    out[1] = call_tensor("mul.Tensor", g[0], call_tensor("mul.Scalar", call_tensor("reciprocal", t2), value));
  if (c.needs_grad_of_arg(2)) {
    Tensor num = call_tensor("mul.Scalar", c.tensor(1), value);
    out[2] = call_tensor("mul.Tensor", call_tensor("neg", g[0]), call_tensor("div.Tensor", num, call_tensor("mul.Tensor", t2, t2)));
  }
  return out;
}

} // namespace

void register_pointwise_ops(OpRegistry& r) {
  // Tensor.where(condition, other): the binder makes the method's receiver
  // the argument named self, here the second.
  r.def("where.self(Tensor condition, Tensor self, Tensor other) -> Tensor").method().numbers_as_tensors()
      .structured(where_meta, where_kernel).derivative("WhereBackward0", where_backward).saves({"condition"});
  r.def("where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor").composite(where_scalar_run);
  r.def("where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor").method().composite(where_scalar_run);
  r.def("where.Scalar(Tensor condition, Scalar self, Scalar other) -> Tensor").composite(where_scalar_run);
  r.def("lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor").method().structured(lerp_meta, lerp_kernel)
      .inplace("lerp_.Tensor").derivative("LerpBackward1", lerp_backward)
      .saves_for("self", {"weight"}).saves_for("end", {"weight"}).saves_for("weight", {"self", "end"});
  r.def("lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor").method().structured(lerp_meta, lerp_kernel)
      .inplace("lerp_.Scalar").derivative("LerpBackward0", lerp_backward);
  r.def("addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor").method()
      .structured(addc_meta, addc_kernel<true>).inplace("addcmul_")
      .derivative("AddcmulBackward0", addcmul_backward).saves_for("tensor1", {"tensor2"}).saves_for("tensor2", {"tensor1"});
  r.def("addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor").method()
      .structured(addcdiv_meta, addc_kernel<false>).inplace("addcdiv_")
      .derivative("AddcdivBackward0", addcdiv_backward)
      .saves_for("tensor1", {"tensor2"}).saves_for("tensor2", {"tensor1", "tensor2"});
}

} // namespace refc::ops
