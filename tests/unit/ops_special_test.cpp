// Unit tests of the special functions and pointwise extras (special_ops.cpp) and the linear-algebra
// additions (trace, tensordot, block_diag, linalg_cross, the matrix norms):
// values PyTorch 2.14 prints for them, and the gradcheck samples of the ones
// with derivatives.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/ops/call.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace refc::testing {
namespace {

class OpsSpecial : public BuiltinTypesTest {};

Tensor float_tensor(std::vector<double> values, DType dtype = DType::Float32) {
  Tensor t = call_tensor("empty.memory_format", IntVector{static_cast<int64_t>(values.size())}, dtype);
  for (size_t i = 0; i < values.size(); ++i) {
    if (dtype == DType::Float32) t.data<float>()[i] = static_cast<float>(values[i]);
    else t.data<double>()[i] = values[i];
  }
  return t;
}

TEST_F(OpsSpecial, ErfinvInvertsErfAndSaturatesAtOne) {
  Tensor x = float_tensor({-0.5, 0.0, 0.5, 0.9, 1.0, -1.0, 1.5}, DType::Float64);
  Tensor y = call_tensor("erfinv", x);
  const double* v = y.data<double>();
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(std::erf(v[i]), x.data<double>()[i], 1e-15);
  EXPECT_EQ(v[4], INFINITY);
  EXPECT_EQ(v[5], -INFINITY);
  EXPECT_TRUE(std::isnan(v[6]));
  // PyTorch prints tensor([-0.4769,  0.0000,  0.4769,  1.1631]) for the float32 values.
  Tensor f = call_tensor("erfinv", float_tensor({0.9}));
  EXPECT_FLOAT_EQ(f.data<float>()[0], 1.16308713f);
}

TEST_F(OpsSpecial, GammaFamilyMatchesKnownValues) {
  Tensor x = float_tensor({1.0, 0.5, 10.0}, DType::Float64);
  const double euler = 0.57721566490153286;
  EXPECT_NEAR(call_tensor("digamma", x).data<double>()[0], -euler, 1e-15);
  EXPECT_NEAR(call_tensor("lgamma", x).data<double>()[1], 0.5 * std::log(M_PI), 1e-15);
  // ATen's trigamma series stops at about 1e-9.
  EXPECT_NEAR(call_tensor("polygamma", 1, x).data<double>()[0], M_PI * M_PI / 6, 1e-8);
  EXPECT_NEAR(call_tensor("polygamma", 2, x).data<double>()[0], -2 * 1.2020569031595943, 1e-12);
  EXPECT_EQ(call_tensor("sinc", float_tensor({0.0})).data<float>()[0], 1.0f);
}

TEST_F(OpsSpecial, HeavisideTakesValuesAtZero) {
  Tensor y = call_tensor("heaviside", float_tensor({-1.0, 0.0, 2.0}), float_tensor({0.5}));
  EXPECT_EQ(y.data<float>()[0], 0.0f);
  EXPECT_EQ(y.data<float>()[1], 0.5f);
  EXPECT_EQ(y.data<float>()[2], 1.0f);
}

TEST_F(OpsSpecial, FloatPowerComputesInDouble) {
  Tensor y = call_tensor("float_power.Tensor_Scalar", float_tensor({2.0, 3.0}), 2);
  EXPECT_EQ(y.dtype(), DType::Float64);
  EXPECT_EQ(y.data<double>()[1], 9.0);
}

TEST_F(OpsSpecial, TraceOfIntegersIsInt64) {
  Tensor m = call_tensor("reshape", call_tensor("arange", 9, DType::Int32), IntVector{3, 3});
  Tensor t = call_tensor("trace", m);
  EXPECT_EQ(t.dtype(), DType::Int64);
  EXPECT_EQ(t.data<int64_t>()[0], 12);
}

TEST_F(OpsSpecial, BlockDiagPlacesBlocksOnTheDiagonal) {
  Tensor a = call_tensor("ones", IntVector{1, 2});
  Tensor b = call_tensor("ones", IntVector{2});
  Tensor r = call_tensor("block_diag", std::vector<Tensor>{a, b});
  ASSERT_EQ(r.size(0), 2);
  ASSERT_EQ(r.size(1), 4);
  const std::vector<float> expected{1, 1, 0, 0, 0, 0, 1, 1};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(r.data<float>()[i], expected[i]);
}

TEST_F(OpsSpecial, LinalgCrossIsTheVectorProduct) {
  Tensor r = call_tensor("linalg_cross", float_tensor({1, 2, 3}), float_tensor({4, -5, 6}));
  const std::vector<float> expected{27, 6, -13};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(r.data<float>()[i], expected[i]);
}

TEST_F(OpsSpecial, MatrixNormsReduceRowsAndColumns) {
  Tensor x = call_tensor("reshape", float_tensor({3, -4, 0, 12}), IntVector{2, 2});
  EXPECT_EQ(call_tensor("linalg_matrix_norm", x, 1).data<float>()[0], 16.0f);
  EXPECT_EQ(call_tensor("linalg_matrix_norm", x, INFINITY).data<float>()[0], 12.0f);
  EXPECT_EQ(call_tensor("linalg_matrix_norm", x, -INFINITY).data<float>()[0], 7.0f);
  EXPECT_EQ(call_tensor("linalg_matrix_norm.str_ord", x).data<float>()[0], 13.0f);
}

REFC_OP_SAMPLES(special_samples) {
  return {
      {"erfinv", {input({2, 3}, -0.9, 0.9)}},
      {"lgamma", {input({2, 3}, 0.5, 3.0)}},
      {"digamma", {input({2, 3}, -2.5, 3.0)}},
      {"polygamma", {Value::integer(2), input({2, 3}, 0.5, 3.0)}},
      {"sinc", {input({2, 3}, -2.0, 2.0)}},
      {"logit", {input({2, 3}, 0.1, 0.9)}},
      {"logit", {input({2, 3}, 0.1, 0.9), Value::floating(0.05)}},
      {"trace", {input({3, 4})}},
      {"block_diag", {tensors({input({2, 3}), input({2}), input({})})}},
      {"linalg_cross", {input({2, 3}), input({1, 3})}},
      {"linalg_cross", {input({3, 2}), input({3, 2}), Value::integer(0)}},
  };
}

} // namespace
} // namespace refc::testing
