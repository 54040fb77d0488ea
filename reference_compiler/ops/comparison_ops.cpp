// Whole-tensor and tolerance comparisons, and the sign predicates: equal
// (same sizes and equal values, as a Python bool), isclose / allclose
// (|self - other| <= atol + rtol * |other|, written with ops as PyTorch's
// CompositeImplicit isclose is, so float16 and bfloat16 round where
// PyTorch's do), isposinf / isneginf / signbit (elementwise, bool results)
// and isin (whether each element is among the test elements: ATen's
// default kernel, one comparison against every test element).
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <sstream>

namespace refc::ops {

namespace {

using tensor::DType;

// PyTorch formats doubles in messages with an ostream: -1, -0.1, -1e+08.
std::string format_double(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// A 0-d bool tensor as the Python bool that equal and allclose return.
Value truth(const Tensor& t) { return Value::boolean(t.data<bool>()[0]); }

// The sizes must match exactly (no broadcasting); values compare after type
// promotion, so NaN is never equal to itself.
Value equal_run(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  if (!std::equal(self.sizes().begin(), self.sizes().end(), other.sizes().begin(), other.sizes().end()))
    return Value::boolean(false);
  return truth(call_tensor("all", call_tensor("eq.Tensor", self, other)));
}

Value isclose_run(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  double rtol = a.double_(2), atol = a.double_(3);
  bool equal_nan = a.bool_(4);
  check(self.dtype() == other.dtype(), std::string(tensor::scalar_type_name(self.dtype())) + " did not match " +
                                           std::string(tensor::scalar_type_name(other.dtype())));
  check(rtol >= 0, "rtol must be greater than or equal to zero, but got " + format_double(rtol));
  check(atol >= 0, "atol must be greater than or equal to zero, but got " + format_double(atol));
  Tensor close = call_tensor("eq.Tensor", self, other);
  if (equal_nan && tensor::is_floating(self.dtype()))
    close = call_tensor("logical_or", close, call_tensor("logical_and", call_tensor("isnan", self), call_tensor("isnan", other)));
  // With no tolerance closeness is equality.
  if (rtol == 0 && atol == 0) return close.to_value();
  // Integers and bools are compared as floats of the default dtype, so the
  // difference cannot wrap around.
  if (!tensor::is_floating(self.dtype())) {
    self = call_tensor("to.dtype", self, tensor::default_float_dtype());
    other = call_tensor("to.dtype", other, tensor::default_float_dtype());
  }
  Tensor allowed = call_tensor("add.Tensor", call_tensor("abs", call_tensor("mul.Tensor", other, rtol)), atol);
  Tensor actual = call_tensor("abs", call_tensor("sub.Tensor", self, other));
  Tensor within = call_tensor("logical_and", call_tensor("isfinite", actual), call_tensor("le.Tensor", actual, allowed));
  return call("logical_or", close, within);
}

Value allclose_run(const OpArgs& a) {
  Tensor close = call_tensor("isclose", a.tensor(0), a.tensor(1), a.double_(2), a.double_(3), a.bool_(4));
  return truth(call_tensor("all", close));
}

std::vector<TensorSpec> bool_meta(const OpArgs& a) { return {elementwise_spec(a, {0}, Promotion::AlwaysBool)}; }

void isposinf_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_predicate(a, out[0], false, [](auto x) { return x == std::numeric_limits<decltype(x)>::infinity(); });
}
void isneginf_kernel(const OpArgs& a, std::span<const Tensor> out) {
  float_predicate(a, out[0], false, [](auto x) { return x == -std::numeric_limits<decltype(x)>::infinity(); });
}

// Negative integers, and floats with the sign bit set (-0.0 and -nan included).
void signbit_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  tensor::visit_dtype(self.dtype(), [&]<class S>() {
    unary_loop<bool, S>(out[0], self, [](S v) {
      if constexpr (std::is_same_v<S, bool> || std::is_unsigned_v<S>) return false;
      else if constexpr (std::is_integral_v<S>) return v < 0;
      else return std::signbit(static_cast<OpMath<S>>(v));
    });
  });
}

// isin(elements, test_elements, assume_unique, invert): a Scalar on either
// side is a 0-d tensor; compared elementwise against the flattened tests.
Value isin_run(const OpArgs& a) {
  Tensor elements = a.is_number(0) ? call_tensor("scalar_tensor", a[0]) : a.tensor(0);
  Tensor tests = a.is_number(1) ? call_tensor("scalar_tensor", a[1]) : a.tensor(1);
  Tensor found = call_tensor("any.dim", call_tensor("eq.Tensor", call_tensor("unsqueeze", elements, int64_t{-1}),
                                                    call_tensor("reshape", tests, IntVector{-1})),
                             int64_t{-1});
  return a.bool_(3) ? call("logical_not", found) : found.to_value();
}

} // namespace

void register_comparison_ops(OpRegistry& r) {
  r.def("equal(Tensor self, Tensor other) -> bool").method().custom(equal_run);
  r.def("isclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> Tensor")
      .method().composite(isclose_run);
  r.def("allclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> bool")
      .method().custom(allclose_run);
  r.def("isposinf(Tensor self) -> Tensor").method().structured(bool_meta, isposinf_kernel);
  r.def("isneginf(Tensor self) -> Tensor").method().structured(bool_meta, isneginf_kernel);
  r.def("isin.Tensor_Tensor(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool invert=False) -> Tensor")
      .composite(isin_run);
  r.def("isin.Tensor_Scalar(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool invert=False) -> Tensor")
      .composite(isin_run);
  r.def("isin.Scalar_Tensor(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool invert=False) -> Tensor")
      .composite(isin_run);
  r.def("signbit(Tensor self) -> Tensor").method().structured(bool_meta, signbit_kernel);
}

} // namespace refc::ops
