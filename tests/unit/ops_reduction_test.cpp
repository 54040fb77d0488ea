// Unit tests of the reduction, softmax, normalisation and loss families:
// the TensorIterator-like iteration order reductions follow, results that
// depend on PyTorch's exact summation order (expected values recorded from
// PyTorch 2.14 on an AVX2 machine), empty-input identities and errors; and
// the gradcheck samples of every differentiable op of these families.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/reduction_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace refc::testing {
namespace {

class OpsReduction : public BuiltinTypesTest {};

// A float32 tensor holding 0.1, 0.2, ..., n/10 (rounded to float) in `shape`.
Tensor tenths(IntVector shape) {
  Tensor t = Tensor::empty(tensor::to_sym(shape), DType::Float32);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = static_cast<float>(i + 1) / 10.0f;
  return t;
}

float item(const Tensor& t) { return ops::call_tensor("_to_copy", t, DType::Float32).data<float>()[0]; }

TEST_F(OpsReduction, IterationPutsReducedDimsFirstAndCoalesces) {
  Tensor x = tenths({2, 3, 4});
  Tensor out = Tensor::empty(tensor::SymIntVector{3}, DType::Float32);
  ops::ReductionIter it = ops::make_reduction_iter(out, x, 0b101, false);
  // dims 2 (stride 4 bytes) and 0 (48 bytes) are reduced; dim 1 is kept.
  EXPECT_EQ(it.shape, (IntVector{4, 2, 3}));
  EXPECT_EQ(it.in_strides, (IntVector{4, 48, 16}));
  EXPECT_EQ(it.out_strides, (IntVector{0, 0, 4}));
  EXPECT_EQ(it.num_reduce_dims(), 2);
  // A full reduction of a contiguous tensor is one run.
  Tensor scalar = Tensor::empty(tensor::SymIntVector{}, DType::Float32);
  ops::ReductionIter all = ops::make_reduction_iter(scalar, x, 0b111, false);
  EXPECT_EQ(all.shape, (IntVector{24}));
}

TEST_F(OpsReduction, FloatSumsFollowTheCascadeOrder) {
  // Values recorded from PyTorch: the pairwise order differs from a running sum.
  Tensor x = tenths({30000});
  EXPECT_EQ(item(ops::call_tensor("sum", x)), 45001504.0f);
  float running = 0;
  for (int64_t i = 0; i < 30000; ++i) running += x.data<float>()[i];
  EXPECT_EQ(running, 45000656.0f);
  Tensor m = tenths({37, 41});
  EXPECT_EQ(item(ops::call_tensor("sum", ops::call_tensor("sum.dim_IntList", m, IntVector{0}))), 115140.296875f);
}

TEST_F(OpsReduction, EmptyReductionsUseTheIdentity) {
  Tensor e = Tensor::empty(tensor::SymIntVector{0, 3}, DType::Float32);
  EXPECT_EQ(item(ops::call_tensor("sum", e)), 0.0f);
  EXPECT_EQ(item(ops::call_tensor("prod", e)), 1.0f);
  EXPECT_TRUE(std::isnan(item(ops::call_tensor("mean", e))));
  EXPECT_EQ(ops::call_tensor("amax", e, IntVector{1}).numel(), 0);
  EXPECT_THROW(ops::call_tensor("amax", e, IntVector{0}), lang::PyError);
  EXPECT_THROW(ops::call_tensor("max", e), lang::PyError);
  EXPECT_THROW(ops::call_tensor("argmax", e), lang::PyError);
}

TEST_F(OpsReduction, VarianceAndNormMatchPyTorch) {
  Tensor x = tenths({4, 5});
  EXPECT_EQ(item(ops::call_tensor("var.correction", x)), 0.35f);
  EXPECT_EQ(item(ops::call_tensor("linalg_vector_norm", x)), 5.357237815856934f);
  Tensor lse = ops::call_tensor("logsumexp", x, IntVector{1});
  EXPECT_NEAR(item(lse), 1.9194163084030151f, 1e-6);
}

TEST_F(OpsReduction, MaxAlongADimReturnsTheFirstIndex) {
  Tensor x = Tensor::empty(tensor::SymIntVector{4}, DType::Float32);
  float values[] = {1, 3, 3, 2};
  std::memcpy(x.data<float>(), values, sizeof values);
  std::vector<Tensor> r = ops::unpack_tensors(ops::call("max.dim", x, int64_t{0}));
  EXPECT_EQ(r[0].data<float>()[0], 3.0f);
  EXPECT_EQ(r[1].data<int64_t>()[0], 1);
  EXPECT_EQ(ops::call_tensor("argmax", x).data<int64_t>()[0], 1);
}

TEST_F(OpsReduction, CrossEntropyIsLogSoftmaxThenNll) {
  Tensor logits = ops::call_tensor("zeros", IntVector{2, 3});
  Tensor target = Tensor::empty(tensor::SymIntVector{2}, DType::Int64);
  target.data<int64_t>()[0] = 0;
  target.data<int64_t>()[1] = 2;
  EXPECT_NEAR(item(ops::call_tensor("cross_entropy_loss", logits, target)), std::log(3.0f), 1e-6);
  target.data<int64_t>()[1] = 5;
  EXPECT_THROW(ops::call_tensor("cross_entropy_loss", logits, target), lang::PyError);
}

// ---- gradcheck samples ----------------------------------------------------------------------------

Value i(int64_t v) { return Value::integer(v); }
Value b(bool v) { return Value::boolean(v); }
Value f(double v) { return Value::floating(v); }

REFC_OP_SAMPLES(reduction_samples) {
  return {
      {"prod", {input({2, 3}, 0.5, 1.5)}},
      {"prod.dim_int", {input({3, 4}, 0.5, 1.5), i(-1), b(false)}},
      {"prod.dim_int", {input({3, 2}, -1.0, 1.0), i(0), b(true)}},
      {"amax", {input({3, 4}), ints({1}), b(true)}},
      {"amin", {input({2, 3, 4}), ints({0, 2})}},
      {"max", {input({3, 4})}},
      {"aminmax", {input({3, 4})}},
      {"aminmax", {input({3, 4}), i(1), b(true)}},
      {"nansum", {input({3, 4})}},
      {"nansum", {input({3, 4}), ints({1})}},
      {"min", {input({5})}},
      {"max.dim", {input({3, 4}), i(1)}},
      {"min.dim", {input({3, 4}), i(-2), b(true)}},
      {"var.correction", {input({3, 4}), ints({1})}},
      {"var.correction", {input({6})}},
      {"std.correction", {input({3, 4}), ints({0}), Value::none(), b(true)}},
      {"var_mean.correction", {input({3, 4}), ints({1}), i(0)}},
      {"std_mean.correction", {input({2, 5})}},
      {"linalg_vector_norm", {input({3, 4})}},
      {"dist", {input({3, 4}), input({4}, 2.0, 3.0)}},
      {"dist", {input({3, 4}), input({3, 1}, 2.0, 3.0), f(3.0)}},
      {"renorm", {input({3, 4}), f(2.0), i(0), f(0.5)}},
      {"renorm", {input({3, 2, 2}), f(1.0), i(1), f(1.2)}},
      {"linalg_vector_norm", {input({3, 4}), f(1.0), ints({1})}},
      {"linalg_vector_norm", {input({3, 4}), f(3.0), ints({0}), b(true)}},
      {"linalg_vector_norm", {input({3, 4}), f(INFINITY), ints({1})}},
      {"logsumexp", {input({3, 4}), ints({1})}},
      {"logsumexp", {input({2, 3, 4}), ints({0, 2}), b(true)}},
      {"cumsum", {input({3, 4}), i(1)}},
      {"cumprod", {input({3, 4}, 0.5, 1.5), i(0)}},
      {"_softmax", {input({3, 4}), i(1), b(false)}},
      {"_softmax", {input({3, 4, 2}), i(1), b(false)}},
      {"_log_softmax", {input({3, 4}), i(-1), b(false)}},
      {"_log_softmax", {input({2, 3, 2}), i(0), b(false)}},
      {"_softmax_backward_data", {input({3, 4}), input({3, 4}, 0.1, 0.4), i(1), Value(tensor::dtype_value(DType::Float64))}},
      {"_log_softmax_backward_data", {input({3, 4}), input({3, 4}, -2.0, -0.5), i(1), Value(tensor::dtype_value(DType::Float64))}},
      {"native_layer_norm", {input({3, 4}), ints({4}), input({4}), input({4}), f(1e-5)}},
      {"native_layer_norm", {input({2, 2, 3}), ints({2, 3}), Value::none(), Value::none(), f(1e-5)}},
      {"native_batch_norm", {input({4, 3}), input({3}), input({3}), Value::none(), Value::none(), b(true), f(0.1), f(1e-5)}},
      {"native_batch_norm", {input({2, 3, 2, 2}), input({3}), input({3}), constant({3}), constant({3}, 0.5, 1.5), b(false), f(0.1), f(1e-5)}},
      {"native_group_norm", {input({2, 4, 3}), input({4}), input({4}), i(2), i(4), i(3), i(2), f(1e-5)}},
      {"mse_loss", {input({3, 4}), input({3, 4}), i(1)}},
      {"mse_loss", {input({3, 4}), input({4}), i(0)}},
      {"mse_loss_backward", {input({}), input({3, 4}), input({3, 4}), i(2)}},
      {"smooth_l1_loss", {input({3, 4}), input({3, 4}, -2.0, 2.0), i(1), f(0.5)}},
      {"huber_loss", {input({3, 4}), input({3, 4}, -2.0, 2.0), i(2), f(0.5)}},
      {"binary_cross_entropy", {input({3, 4}, 0.1, 0.9), constant({3, 4}, 0.0, 1.0)}},
      {"nll_loss_forward", {input({3, 4}), int_tensor({3}, {0, 3, 1}), Value::none(), i(1), i(-100)}},
      {"nll_loss_forward", {input({3, 4}), int_tensor({3}, {2, -100, 1}), constant({4}, 0.5, 2.0), i(0), i(-100)}},
      {"nll_loss_backward", {input({}), constant({3, 4}), int_tensor({3}, {0, 3, 1}), Value::none(), i(2), i(-100), constant({})}},
      {"nll_loss2d_forward", {input({2, 3, 2, 2}), int_tensor({2, 2, 2}, {0, 1, 2, 0, 2, 2, 1, 0}), Value::none(), i(1), i(-100)}},
      {"nll_loss2d_backward", {input({}), constant({1, 3, 1, 2}), int_tensor({1, 1, 2}, {0, 2}), Value::none(), i(2), i(-100), constant({})}},
  };
}

} // namespace
} // namespace refc::testing
