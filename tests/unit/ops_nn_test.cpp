// Unit tests of the torch.nn.functional ops of activation_ops.cpp,
// upsample_ops.cpp, attention_ops.cpp and distance_ops.cpp: the index and
// weight arithmetic of interpolation, im2col / col2im as adjoints, cdist
// against a direct sum, and the gradcheck samples of
// every differentiable op those files declare.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/ops/call.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace refc::testing {
namespace {

class OpsNn : public BuiltinTypesTest {};

std::vector<float> floats(const Tensor& t) {
  Tensor c = call_tensor("contiguous", t);
  return std::vector<float>(c.data<float>(), c.data<float>() + c.numel());
}
Tensor arange(int64_t n, IntVector shape) {
  return call_tensor("reshape", call_tensor("arange", n, DType::Float32), shape);
}

// align_corners=True puts the corner samples on the corners: a 2x2 image
// upsampled to 3x3 has the mean of the four corners in the centre.
TEST_F(OpsNn, BilinearAlignCorners) {
  Tensor x = arange(4, {1, 1, 2, 2});
  Tensor y = call_tensor("upsample_bilinear2d", x, IntVector{3, 3}, true);
  EXPECT_EQ(floats(y), (std::vector<float>{0, 0.5f, 1, 1, 1.5f, 2, 2, 2.5f, 3}));
}

// Nearest with output == 2 * input repeats every element twice per dimension.
TEST_F(OpsNn, NearestDoubling) {
  Tensor y = call_tensor("upsample_nearest1d", arange(3, {1, 1, 3}), IntVector{6});
  EXPECT_EQ(floats(y), (std::vector<float>{0, 0, 1, 1, 2, 2}));
}

// col2im of im2col counts how many blocks cover each pixel.
TEST_F(OpsNn, FoldOfUnfoldCountsCoverage) {
  Tensor ones = call_tensor("ones", IntVector{1, 1, 3, 3}, DType::Float32);
  Tensor cols = call_tensor("im2col", ones, IntVector{2, 2}, IntVector{1, 1}, IntVector{0, 0}, IntVector{1, 1});
  Tensor back = call_tensor("col2im", cols, IntVector{3, 3}, IntVector{2, 2}, IntVector{1, 1}, IntVector{0, 0},
                            IntVector{1, 1});
  EXPECT_EQ(floats(back), (std::vector<float>{1, 2, 1, 2, 4, 2, 1, 2, 1}));
}

// cdist agrees with the direct distance on exact data.
TEST_F(OpsNn, CdistMatchesDirectSum) {
  Tensor a = arange(20, {2, 10}), b = call_tensor("mul.Tensor", arange(10, {1, 10}), 2.0);
  std::vector<float> d = floats(call_tensor("cdist", a, b, 1.0));
  ASSERT_EQ(d.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    float direct = 0;
    for (int k = 0; k < 10; ++k) direct += std::abs(static_cast<float>(i * 10 + k) - 2.0f * static_cast<float>(k));
    EXPECT_EQ(d[i], direct);
  }
}

// A row of scores that is entirely -inf gives zeros rather than NaN.
TEST_F(OpsNn, SafeSoftmaxZeroesMaskedRows) {
  Tensor x = call_tensor("full", IntVector{1, 3}, -std::numeric_limits<double>::infinity(), DType::Float32);
  EXPECT_EQ(floats(call_tensor("_safe_softmax", x, -1)), (std::vector<float>{0, 0, 0}));
}

REFC_OP_SAMPLES(nn_samples) {
  const Value dim1 = Value::integer(1);
  const Value no_scale = Value::none();
  return {
      {"log_sigmoid_forward", {input({2, 3}, -3.0, 3.0)}},
      {"native_dropout_backward",
       {input({2, 3}), bool_tensor({2, 3}, {true, false, true, true, false, true}), Value::floating(2.0)}},
      {"log_sigmoid_backward", {input({2, 3}), constant({2, 3}, -2.0, 2.0), constant({2, 3}, 0.1, 0.9)}},
      {"glu", {input({2, 4}), dim1}},
      {"hardsigmoid", {input({2, 3}, -2.5, 2.5)}},
      {"hardsigmoid_backward", {input({2, 3}), constant({2, 3}, -2.5, 2.5)}},
      {"hardswish", {input({2, 3}, -2.5, 2.5)}},
      {"hardswish_backward", {input({2, 3}), input({2, 3}, -2.5, 2.5)}},
      {"hardshrink", {input({2, 3}, -2.0, 2.0)}},
      {"hardshrink_backward", {input({2, 3}), constant({2, 3}, -2.0, 2.0), Value::floating(0.5)}},
      {"softshrink", {input({2, 3}, -2.0, 2.0)}},
      {"softshrink_backward", {input({2, 3}), constant({2, 3}, -2.0, 2.0), Value::floating(0.5)}},
      {"celu", {input({2, 3}), Value::floating(2.0)}},
      {"_prelu_kernel", {input({2, 3, 2}), input({1, 3, 1}, 0.1, 0.5)}},
      {"upsample_nearest1d", {input({1, 2, 3}), ints({5}), no_scale}},
      {"upsample_nearest1d_backward", {input({1, 2, 5}), ints({5}), ints({1, 2, 3}), no_scale}},
      {"upsample_nearest2d", {input({1, 1, 2, 3}), ints({4, 5}), no_scale, no_scale}},
      {"upsample_nearest2d_backward", {input({1, 1, 4, 5}), ints({4, 5}), ints({1, 1, 2, 3}), no_scale, no_scale}},
      {"upsample_linear1d", {input({1, 2, 3}), ints({5}), Value::boolean(false), no_scale}},
      {"upsample_linear1d_backward", {input({1, 2, 5}), ints({5}), ints({1, 2, 3}), Value::boolean(true), no_scale}},
      {"upsample_bilinear2d", {input({1, 1, 2, 3}), ints({3, 4}), Value::boolean(true), no_scale, no_scale}},
      {"upsample_bilinear2d_backward", {input({1, 1, 3, 4}), ints({3, 4}), ints({1, 1, 2, 3}), Value::boolean(false),
                                        no_scale, no_scale}},
      {"im2col", {input({1, 2, 4, 3}), ints({2, 2}), ints({1, 1}), ints({1, 0}), ints({2, 1})}},
      {"col2im", {input({1, 4, 4}), ints({3, 3}), ints({2, 2}), ints({1, 1}), ints({0, 0}), ints({1, 1})}},
      {"pixel_shuffle", {input({1, 8, 2, 3}), Value::integer(2)}},
      {"pixel_unshuffle", {input({2, 1, 4, 2}), Value::integer(2)}},
      {"_cdist_forward", {input({2, 3}), input({4, 3}, 2.0, 3.0), Value::floating(2.0), Value::none()}},
      {"_cdist_forward", {input({2, 2, 3}), input({3, 3}, 2.0, 3.0), Value::floating(1.0), Value::none()}},
      {"_cdist_forward", {input({2, 3}), input({2, 3}, 2.0, 3.0), Value::floating(3.0), Value::none()}},
  };
}

} // namespace
} // namespace refc::testing
