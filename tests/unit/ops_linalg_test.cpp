// Unit tests of the matrix-product, convolution, pooling and random ops: the
// gemm kernel's summation order (bit-exact against a sequential reference,
// which is what the reference BLAS behind PyTorch computes), matmul's
// dispatch, convolution against a direct loop, dropout's draws; and the
// gradcheck samples of those families.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/gemm.h"
#include "reference_compiler/tensor/generator.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

namespace refc::testing {
namespace {

class OpsLinalg : public BuiltinTypesTest {};

template <class T> std::vector<T> random_values(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(-1, 1);
  std::vector<T> v(n);
  for (T& x : v) x = static_cast<T>(dist(rng));
  return v;
}

Tensor from_values(const std::vector<float>& v, IntVector sizes) {
  Tensor t = Tensor::empty(tensor::to_sym(sizes), DType::Float32);
  std::memcpy(t.raw_data(), v.data(), v.size() * sizeof(float));
  return t;
}

// The reference ?gemm's two loop forms, written out literally.
template <class T>
void reference_gemm(ops::GemmOrder order, int64_t m, int64_t n, int64_t k, T alpha, const std::vector<T>& a,
                    const std::vector<T>& b, T beta, std::vector<T>& c) {
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < m; ++i) {
      T& out = c[i + j * m];
      if (order == ops::GemmOrder::Axpy) {
        out = beta == T(0) ? T(0) : beta == T(1) ? out : beta * out;
        for (int64_t l = 0; l < k; ++l) {
          const T temp = alpha * b[l + j * k];
          const T prod = temp * a[i + l * m];
          out = out + prod;
        }
      } else {
        T temp = 0;
        for (int64_t l = 0; l < k; ++l) {
          const T prod = a[i + l * m] * b[l + j * k];
          temp = temp + prod;
        }
        out = beta == T(0) ? alpha * temp : alpha * temp + beta * out;
      }
    }
}

template <class T> void check_gemm_bits(ops::GemmOrder order, int64_t m, int64_t n, int64_t k, double alpha, double beta) {
  auto a = random_values<T>(static_cast<size_t>(m * k), 1), b = random_values<T>(static_cast<size_t>(k * n), 2);
  auto c = random_values<T>(static_cast<size_t>(m * n), 3), expected = c;
  reference_gemm<T>(order, m, n, k, static_cast<T>(alpha), a, b, static_cast<T>(beta), expected);
  ops::gemm<T>(order, m, n, k, tensor::Scalar(alpha), ops::MatrixView<T>{a.data(), 1, m},
               ops::MatrixView<T>{b.data(), 1, k}, tensor::Scalar(beta), c.data(), m);
  for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(c[i], expected[i]) << "element " << i;
}

TEST_F(OpsLinalg, GemmSumsInTheReferenceBlasOrder) {
  for (auto order : {ops::GemmOrder::Axpy, ops::GemmOrder::Dot}) {
    // Sizes around the register tile (16x6 floats) and the 256-deep cache block.
    for (auto [m, n, k] : {std::array<int64_t, 3>{1, 1, 1}, {17, 7, 3}, {33, 13, 300}, {64, 64, 64}, {5, 40, 513}}) {
      check_gemm_bits<float>(order, m, n, k, 1.0, 0.0);
      check_gemm_bits<double>(order, m, n, k, 1.0, 0.0);
      check_gemm_bits<float>(order, m, n, k, 0.5, 2.0);
      check_gemm_bits<double>(order, m, n, k, -1.5, 1.0);
    }
  }
}

TEST_F(OpsLinalg, MmMatchesASequentialDotProductPerElement) {
  auto a = random_values<float>(7 * 300, 4), b = random_values<float>(300 * 5, 5);
  Tensor c = call_tensor("mm", from_values(a, {7, 300}), from_values(b, {300, 5}));
  for (int64_t i = 0; i < 7; ++i)
    for (int64_t j = 0; j < 5; ++j) {
      float s = 0;
      for (int64_t l = 0; l < 300; ++l) s = s + a[i * 300 + l] * b[l * 5 + j];
      EXPECT_EQ(c.data<float>()[i * 5 + j], s);
    }
}

TEST_F(OpsLinalg, MatmulDispatchesOnRank) {
  Tensor v = call_tensor("ones", IntVector{3}), m = call_tensor("ones", IntVector{2, 3});
  Tensor b = call_tensor("ones", IntVector{4, 3, 2});
  EXPECT_EQ(call_tensor("matmul", v, v).dim(), 0);
  EXPECT_EQ(call_tensor("matmul", m, v).sizes()[0], 2);
  EXPECT_EQ(call_tensor("matmul", v, call_tensor("t", m)).sizes()[0], 2);
  Tensor r = call_tensor("matmul", m, b);
  EXPECT_EQ(tensor::IntVector(r.sizes().begin(), r.sizes().end()), (IntVector{4, 2, 2}));
  EXPECT_EQ(r.data<float>()[0], 3.0f);
}

TEST_F(OpsLinalg, ConvolutionMatchesADirectLoop) {
  // [1, 2, 5, 6] input, [3, 2, 3, 2] weight, stride (2, 1), padding 1, dilation (1, 2).
  auto x = random_values<float>(2 * 5 * 6, 6), w = random_values<float>(3 * 2 * 3 * 2, 7), bias = random_values<float>(3, 8);
  Tensor out = call_tensor("convolution", from_values(x, {1, 2, 5, 6}), from_values(w, {3, 2, 3, 2}),
                           from_values(bias, {3}), IntVector{2, 1}, IntVector{1, 1}, IntVector{1, 2}, false,
                           IntVector{0, 0}, 1);
  const int64_t oh = out.size(2), ow = out.size(3);
  ASSERT_EQ(oh, 3);
  ASSERT_EQ(ow, 6);
  for (int64_t co = 0; co < 3; ++co)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j) {
        float s = bias[co];
        for (int64_t ci = 0; ci < 2; ++ci)
          for (int64_t ki = 0; ki < 3; ++ki)
            for (int64_t kj = 0; kj < 2; ++kj) {
              const int64_t ih = i * 2 - 1 + ki, iw = j - 1 + kj * 2;
              const float v = ih >= 0 && ih < 5 && iw >= 0 && iw < 6 ? x[(ci * 5 + ih) * 6 + iw] : 0.0f;
              s = s + w[((co * 2 + ci) * 3 + ki) * 2 + kj] * v;
            }
        EXPECT_EQ(out.data<float>()[(co * oh + i) * ow + j], s) << co << " " << i << " " << j;
      }
}

TEST_F(OpsLinalg, TransposedConvolutionInvertsTheShape) {
  Tensor x = call_tensor("ones", IntVector{1, 2, 3, 3}), w = call_tensor("ones", IntVector{2, 4, 3, 3});
  Tensor y = call_tensor("convolution", x, w, Tensor(), IntVector{2, 2}, IntVector{1, 1}, IntVector{1, 1}, true,
                         IntVector{1, 1}, 1);
  EXPECT_EQ(tensor::IntVector(y.sizes().begin(), y.sizes().end()), (IntVector{1, 4, 6, 6}));
  EXPECT_EQ(y.data<float>()[0], 2.0f); // output (0, 0) sees input (0, 0) through kernel (1, 1) of both channels
}

TEST_F(OpsLinalg, DropoutDrawsABernoulliMaskScaledByTheKeepProbability) {
  tensor::default_generator().manual_seed(1);
  Tensor x = call_tensor("ones", IntVector{1000});
  Tensor y = call_tensor("dropout", x, 0.25, true);
  int64_t kept = 0;
  for (int64_t i = 0; i < 1000; ++i) {
    const float v = y.data<float>()[i];
    ASSERT_TRUE(v == 0.0f || v == 1.0f / 0.75f);
    kept += v != 0.0f;
  }
  EXPECT_GT(kept, 700);
  EXPECT_LT(kept, 800);
  EXPECT_TRUE(call_tensor("dropout", x, 0.25, false).is_same(x));
}

REFC_OP_SAMPLES(linalg_samples) {
  const Value one = Value::integer(1), two = Value::integer(2);
  return {
      {"mm", {input({2, 3}), input({3, 4})}},
      {"addmm", {input({2, 4}), input({2, 3}), input({3, 4})}},
      {"addmm", {input({2, 4}), input({2, 3}), input({3, 4}), Value::floating(0.5), Value::floating(2.0)}},
      {"bmm", {input({2, 2, 3}), input({2, 3, 2})}},
      {"baddbmm", {input({2, 2, 2}), input({2, 2, 3}), input({2, 3, 2}), Value::floating(0.5), Value::floating(-1.0)}},
      {"addbmm", {input({2, 2}), input({3, 2, 3}), input({3, 3, 2})}},
      {"mv", {input({2, 3}), input({3})}},
      {"addmv", {input({2}), input({2, 3}), input({3}), Value::floating(2.0), Value::floating(0.5)}},
      {"dot", {input({4}), input({4})}},
      {"addr", {input({3, 2}), input({3}), input({2}), Value::floating(0.5), Value::floating(3.0)}},
      {"matmul", {input({3}), input({2, 4, 3, 2})}},
      {"matmul", {input({2, 1, 2, 3}), input({3, 3, 2})}},
      {"matmul", {input({2, 2, 3}), input({3})}},
      {"linear", {input({2, 2, 3}), input({4, 3}), input({4})}},
      {"einsum", {lang::str_value("bij,bjk->bik"), tensors({input({2, 2, 3}), input({2, 3, 2})})}},
      {"einsum", {lang::str_value("ii->i"), tensors({input({3, 3})})}},
      // convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups)
      {"convolution", {input({2, 2, 5, 4}), input({3, 2, 3, 2}), input({3}), ints({2, 1}), ints({1, 0}), ints({1, 2}),
                       Value::boolean(false), ints({0, 0}), one}},
      {"convolution", {input({1, 4, 4, 4}), input({2, 2, 2, 2}), Value::none(), ints({1, 1}), ints({0, 0}), ints({1, 1}),
                       Value::boolean(false), ints({0, 0}), two}},
      {"convolution", {input({2, 2, 5}), input({2, 1, 3}), input({2}), ints({2}), ints({1}), ints({1}),
                       Value::boolean(true), ints({1}), two}},
      {"convolution_backward", {input({1, 2, 3, 3}), input({1, 2, 4, 4}), input({2, 2, 2, 2}), ints({2}), ints({1, 1}),
                                ints({0, 0}), ints({1, 1}), Value::boolean(false), ints({0, 0}), one,
                                Value(lang::make_tuple({Value::boolean(true), Value::boolean(true), Value::boolean(true)}))}},
      {"max_pool2d_with_indices", {input({1, 2, 5, 5}), ints({3, 2}), ints({2, 2}), ints({1, 1}), ints({1, 1}),
                                   Value::boolean(true)}},
      {"max_pool2d_with_indices", {input({2, 4, 4}), ints({2}), ints({}), ints({0}), ints({2})}},
      {"max_pool2d_with_indices_backward", {input({1, 1, 2, 2}), constant({1, 1, 4, 4}), ints({2, 2}), ints({2, 2}),
                                            ints({0, 0}), ints({1, 1}), Value::boolean(false),
                                            int_tensor({1, 1, 2, 2}, {0, 3, 8, 15})}},
      {"avg_pool2d", {input({1, 2, 5, 5}), ints({3, 3}), ints({2, 2}), ints({1, 1}), Value::boolean(true),
                      Value::boolean(false)}},
      {"avg_pool2d", {input({2, 4, 4}), ints({2}), ints({}), ints({0}), Value::boolean(false), Value::boolean(true),
                      Value::integer(3)}},
      {"avg_pool2d_backward", {input({1, 1, 2, 2}), constant({1, 1, 4, 4}), ints({2, 2}), ints({2, 2}), ints({0, 0}),
                               Value::boolean(false), Value::boolean(true), Value::none()}},
      {"_adaptive_avg_pool2d", {input({1, 2, 5, 7}), ints({3, 2})}},
      {"_adaptive_avg_pool2d_backward", {input({1, 2, 3, 2}), constant({1, 2, 5, 7})}},
      {"adaptive_max_pool2d", {input({2, 5, 7}), ints({2, 3})}},
      {"adaptive_max_pool2d_backward", {input({1, 2, 2}), constant({1, 4, 4}), int_tensor({1, 2, 2}, {0, 3, 8, 15})}},
      {"native_dropout", {input({3, 4}), Value::floating(0.0), Value::boolean(true)}},
      {"native_dropout", {input({3, 4}), Value::floating(0.5), Value::boolean(false)}},
      {"native_dropout", {input({3, 4}), Value::floating(0.5), Value::boolean(true)}}, // mask fixed by reseeding
      {"diag_embed", {input({2, 3}), Value::integer(1), Value::integer(-2), Value::integer(-1)}},
      {"diag_embed", {input({3}), Value::integer(-1), Value::integer(0), Value::integer(1)}},
      {"diagonal_copy", {input({3, 4}), Value::integer(1), Value::integer(0), Value::integer(1)}},
      // Sampling ops: the gradient is zero by definition.
      {"normal.Tensor_float", {input({2, 3}), Value::floating(0.5)}},
      {"normal.float_Tensor", {Value::floating(0.5), input({2, 3}, 0.1, 1.0)}},
      {"normal.Tensor_Tensor", {input({2, 3}), input({2, 3}, 0.1, 1.0)}},
      {"bernoulli", {input({2, 3}, 0.1, 0.9)}},
  };
}

} // namespace
} // namespace refc::testing
