// Unit tests of the pointwise families (unary_ops.cpp, binary_ops.cpp,
// pointwise_ops.cpp): float results that must equal PyTorch's bit for bit
// (values recorded from PyTorch 2.14 on an AVX2 machine, where its kernels
// call SLEEF), integer semantics (Python-style modulo, shifts, powers),
// dtype promotion and PyTorch's errors; and the gradcheck samples of every
// differentiable op of these families.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace refc::testing {
namespace {

class OpsPointwise : public BuiltinTypesTest {};

// `base` repeated `times` times: long enough that ATen vectorises the front
// and computes the last (size % 16) elements with libm.
std::vector<float> repeated(std::vector<float> base, int times) {
  std::vector<float> out;
  for (int i = 0; i < times; ++i) out.insert(out.end(), base.begin(), base.end());
  return out;
}

TEST_F(OpsPointwise, TranscendentalsMatchPyTorchBits) {
  Tensor x = make(repeated({0.1f, 1.5f, -3.7f, 10.25f}, 5));
  std::vector<float> e = values<float>(ops::call_tensor("exp", x));
  std::vector<float> s = values<float>(ops::call_tensor("sigmoid", x));
  for (size_t i : {size_t{0}, size_t{16}}) { // vector form, then the scalar tail
    EXPECT_EQ(e[i + 0], 1.1051709651947021f);
    EXPECT_EQ(e[i + 1], 4.481688976287842f);
    EXPECT_EQ(e[i + 2], 0.02472352609038353f);
    EXPECT_EQ(e[i + 3], 28282.54296875f);
    EXPECT_EQ(s[i + 0], 0.5249791741371155f);
    EXPECT_EQ(s[i + 2], 0.024127019569277763f);
  }
  std::vector<float> sn = values<float>(ops::call_tensor("sin", x));
  EXPECT_EQ(sn[2], 0.5298362374305725f);
  EXPECT_EQ(sn[3], -0.7346984148025513f);
  // log1p above 1e38 is log, as in the SLEEF PyTorch links.
  EXPECT_EQ(values<float>(ops::call_tensor("log1p", make<float>({2e38f, 3.0f})))[0], 88.1913833618164f);
  Tensor g = make(repeated({0.5f, -1.25f}, 9));
  std::vector<float> gt = values<float>(ops::call_tensor("gelu", g, "tanh"));
  EXPECT_EQ(gt[0], 0.3457140028476715f);
  EXPECT_EQ(gt[1], -0.13228580355644226f);
}

TEST_F(OpsPointwise, VectorMathFallsBackToTheScalarForms) {
  float in[3] = {0.5f, 2.0f, -1.0f}, out[3];
  ops::vec_math(ops::VecFn::Exp, out, in, 3);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(out[i], std::exp(in[i]), 1e-6f * std::exp(in[i]));
  EXPECT_EQ(ops::libm_math(ops::VecFn::Sinh, 1.0f), static_cast<float>(std::sinh(1.0)));
}

TEST_F(OpsPointwise, RoundingIsHalfToEven) {
  EXPECT_EQ(values<float>(ops::call_tensor("round", make<float>({0.5f, 1.5f, 2.5f, -0.5f}))),
            (std::vector<float>{0.0f, 2.0f, 2.0f, -0.0f}));
  EXPECT_EQ(values<float>(ops::call_tensor("round.decimals", make<float>({1.2345f, 125.0f}), 2)),
            (std::vector<float>{1.2300000190734863f, 125.0f}));
  // Integers round to themselves.
  EXPECT_EQ(values<int64_t>(ops::call_tensor("floor", make<int64_t>({-3, 4}))), (std::vector<int64_t>{-3, 4}));
}

TEST_F(OpsPointwise, IntegerSemanticsFollowPython) {
  Tensor a = make<int64_t>({-7, 7});
  EXPECT_EQ(values<int64_t>(ops::call_tensor("remainder.Scalar", a, 3)), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(values<int64_t>(ops::call_tensor("fmod.Scalar", a, 3)), (std::vector<int64_t>{-1, 1}));
  EXPECT_EQ(values<int64_t>(ops::call_tensor("floor_divide.Scalar", a, 2)), (std::vector<int64_t>{-4, 3}));
  EXPECT_EQ(values<int64_t>(ops::call_tensor("pow.Tensor_Tensor", make<int64_t>({2, 3, -1}), make<int64_t>({-1, 2, -3}))),
            (std::vector<int64_t>{0, 9, -1}));
  EXPECT_EQ(values<int8_t>(ops::call_tensor("bitwise_left_shift.Tensor_Scalar", make<int8_t>({1, 2}), 7)),
            (std::vector<int8_t>{-128, 0}));
  EXPECT_EQ(values<int64_t>(ops::call_tensor("bitwise_right_shift.Tensor_Scalar", make<int64_t>({-8, 8}), 70)),
            (std::vector<int64_t>{-1, 0}));
}

TEST_F(OpsPointwise, PromotionFollowsTheOperands) {
  Tensor i = make<int64_t>({1, 2});
  EXPECT_EQ(ops::call_tensor("exp", i).dtype(), DType::Float32);
  EXPECT_EQ(ops::call_tensor("pow.Tensor_Scalar", i, 0.5).dtype(), DType::Float32);
  EXPECT_EQ(ops::call_tensor("clamp", i, 0.5).dtype(), DType::Float32);
  EXPECT_EQ(ops::call_tensor("eq.Scalar", i, 1).dtype(), DType::Bool);
  EXPECT_EQ(ops::call_tensor("square", make<bool>({true, false})).dtype(), DType::Int64);
  EXPECT_EQ(ops::call_tensor("where.ScalarOther", make<bool>({true, false}), i, 2.5).dtype(), DType::Float32);
}

TEST_F(OpsPointwise, SpecialValues) {
  float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(values<float>(ops::call_tensor("nan_to_num", make<float>({nan, inf, -inf, 1.0f}))),
            (std::vector<float>{0.0f, std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(), 1.0f}));
  std::vector<float> m = values<float>(ops::call_tensor("maximum", make<float>({1.0f, nan}), make<float>({nan, 0.0f})));
  EXPECT_TRUE(std::isnan(m[0]) && std::isnan(m[1]));
  EXPECT_EQ(values<float>(ops::call_tensor("fmax", make<float>({1.0f, nan}), make<float>({nan, 0.0f}))),
            (std::vector<float>{1.0f, 0.0f}));
  EXPECT_EQ(values<float>(ops::call_tensor("sign", make<float>({-0.0f, nan, -2.0f}))), (std::vector<float>{0.0f, 0.0f, -1.0f}));
  EXPECT_TRUE(std::isnan(values<float>(ops::call_tensor("clamp_min", make<float>({1.0f}), nan))[0]));
}
#define EXPECT_ERROR(call, text) EXPECT_NE(error_repr([] { call; }).find(text), std::string::npos) << error_repr([] { call; })

TEST_F(OpsPointwise, ErrorsUsePyTorchWording) {
  EXPECT_ERROR(ops::call_tensor("abs", make<bool>({true})), "NotImplementedError('\"abs_cpu\" not implemented for \\'Bool\\'')");
  EXPECT_ERROR(ops::call_tensor("pow.Tensor_Scalar", make<int64_t>({2}), -1),
               "RuntimeError('Integers to negative integer powers are not allowed.')");
  EXPECT_ERROR(ops::call_tensor("remainder.Scalar", make<int64_t>({2}), 0), "RuntimeError('ZeroDivisionError')");
  EXPECT_ERROR(ops::call_tensor("clamp", make<float>({1.0f})),
               "RuntimeError(\"torch.clamp: At least one of 'min' or 'max' must not be None\")");
  EXPECT_ERROR(ops::call_tensor("bitwise_and.Tensor", make<float>({1.0f}), make<float>({1.0f})),
               "NotImplementedError('\"bitwise_and_cpu\" not implemented for \\'Float\\'')");
  EXPECT_ERROR(ops::call_tensor("where.self", make<float>({1.0f}), make<float>({1.0f}), make<float>({2.0f})),
               "where expected condition to be a boolean tensor, but got a tensor with dtype Float");
}

// ---- gradcheck samples ------------------------------------------------------------------------

REFC_OP_SAMPLES(pointwise_samples) {
  Value x = input({2, 3}), pos = input({2, 3}, 0.5, 2.0), unit = input({2, 3}, -0.9, 0.9);
  std::vector<OpSample> samples;
  // Steps and kinks (floor, remainder, clamp bounds...) are kept away from the inputs.
  Value fractional = input({2, 3}, 0.1, 0.4);
  for (const char* op : {"exp", "exp2", "expm1", "sin", "cos", "tan", "atan", "sinh", "cosh", "tanh", "sigmoid", "erf",
                         "erfc", "abs", "neg", "sign", "sgn", "relu"})
    samples.push_back({op, {x}});
  for (const char* op : {"floor", "ceil", "round", "trunc", "frac"}) samples.push_back({op, {fractional}});
  for (const char* op : {"log", "log2", "log10", "log1p", "sqrt", "rsqrt", "reciprocal"}) samples.push_back({op, {pos}});
  for (const char* op : {"asin", "acos", "atanh"}) samples.push_back({op, {unit}});
  for (const char* op : {"asinh", "deg2rad", "rad2deg"}) samples.push_back({op, {x}});
  samples.push_back({"acosh", {input({2, 3}, 1.2, 2.5)}});
  for (const char* op : {"silu", "mish"}) samples.push_back({op, {x}});
  samples.insert(samples.end(), {
      {"round.decimals", {input({2, 3}, 0.11, 0.14), Value::integer(1)}},
      {"nan_to_num", {x}},
      {"clamp", {x, Value::floating(-0.5), Value::floating(0.5)}},
      {"clamp", {x, Value::none(), Value::floating(0.3)}},
      {"clamp.Tensor", {x, constant({3}, -0.5, -0.1), input({2, 1}, 0.1, 0.6)}},
      {"clamp_min", {x, Value::floating(0.1)}},
      {"clamp_max", {x, Value::floating(0.1)}},
      {"clamp_min.Tensor", {x, input({3}, -0.3, 0.3)}},
      {"clamp_max.Tensor", {x, input({3}, -0.3, 0.3)}},
      {"threshold", {x, Value::floating(0.1), Value::floating(2.0)}},
      {"threshold_backward", {input({2, 3}), x, Value::floating(0.0)}},
      {"gelu", {x}},
      {"gelu", {x, lang::str_value("tanh")}},
      {"gelu_backward", {input({2, 3}), x}},
      {"gelu_backward", {input({2, 3}), x, lang::str_value("tanh")}},
      {"elu", {x, Value::floating(1.5)}},
      {"elu_", {input({2, 3}), Value::floating(1.5)}},
      {"leaky_relu", {x, Value::floating(0.2)}},
      {"leaky_relu_", {input({2, 3}), Value::floating(0.2)}},
      {"leaky_relu_backward", {input({2, 3}), x, Value::floating(0.2), Value::boolean(false)}},
      {"hardtanh", {x, Value::floating(-0.5), Value::floating(0.5)}},
      {"hardtanh_backward", {input({2, 3}), x, Value::floating(-0.5), Value::floating(0.5)}},
      {"softplus", {x, Value::floating(2.0), Value::floating(1.0)}},
      {"sigmoid_backward", {input({2, 3}), unit}},
      {"tanh_backward", {input({2, 3}), unit}},
      // binary, with broadcasting and Scalar operands
      {"rsub.Tensor", {x, input({3}), Value::floating(0.5)}},
      {"rsub.Scalar", {x, Value::floating(2.0)}},
      {"remainder.Tensor", {fractional, input({3}, 0.5, 0.9)}},
      {"remainder.Scalar", {fractional, Value::floating(0.7)}},
      {"fmod.Tensor", {fractional, input({3}, 0.5, 0.9)}},
      {"fmod.Scalar", {fractional, Value::floating(0.7)}},
      {"pow.Tensor_Tensor", {pos, input({3}, -1.0, 2.0)}},
      {"pow.Tensor_Scalar", {pos, Value::floating(2.5)}},
      {"pow.Tensor_Scalar", {x, Value::integer(2)}},
      {"pow.Scalar", {Value::floating(1.7), x}},
      {"maximum", {x, input({3})}},
      {"minimum", {x, input({2, 1})}},
      {"fmax", {x, input({3})}},
      {"fmin", {x, input({3})}},
      {"atan2", {x, input({3}, 0.2, 1.0)}},
      {"logaddexp", {x, input({3})}},
      {"mul.Scalar", {x, Value::floating(2.5)}},
      {"div.Scalar", {x, Value::floating(-4.0)}},
      {"logaddexp2", {x, input({2, 1})}},
      {"hypot", {x, input({3}, 0.2, 1.0)}},
      {"copysign.Tensor", {x, input({3}, 0.2, 0.9)}},
      {"copysign.Scalar", {x, Value::floating(-1.0)}},
      {"xlogy.Tensor", {x, input({3}, 0.5, 2.0)}},
      {"xlogy.Scalar_Self", {Value::floating(1.5), pos}},
      {"xlogy.Scalar_Other", {x, Value::floating(3.0)}},
      // ternary
      {"where.self", {bool_tensor({2, 3}, {true, false, true, false, false, true}), x, input({3})}},
      {"lerp.Scalar", {x, input({3}), Value::floating(0.3)}},
      {"lerp.Scalar", {x, input({3}), Value::floating(0.8)}},
      {"lerp.Tensor", {x, input({2, 3}), input({3}, 0.1, 0.9)}},
      {"addcmul", {x, input({3}), input({2, 1}), Value::floating(0.5)}},
      {"addcdiv", {x, input({3}), input({2, 1}, 0.5, 1.5), Value::floating(0.5)}},
  });
  return samples;
}

} // namespace
} // namespace refc::testing
