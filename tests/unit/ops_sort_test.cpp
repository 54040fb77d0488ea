// Unit tests of the sorting-based reductions and scans: which index median,
// kthvalue, mode and cummax return among equal values (PyTorch's CPU
// choices), unique's inverse and counts, logcumsumexp with infinities, and
// the gradcheck samples of the sort-reduction and scan families.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/ops/call.h"

#include <gtest/gtest.h>

#include <cmath>

namespace refc::testing {
namespace {

using ops::unpack_tensors;

class OpsSort : public BuiltinTypesTest {};

Tensor longs(IntVector sizes, std::vector<int64_t> values) { return Tensor::from_value(int_tensor(sizes, values)); }
Tensor floats(std::vector<int64_t> values) { return call_tensor("_to_copy", longs({static_cast<int64_t>(values.size())}, values), DType::Float32); }
std::vector<int64_t> long_values(const Tensor& t) {
  Tensor c = call_tensor("contiguous", call_tensor("_to_copy", t, DType::Int64));
  return {c.data<int64_t>(), c.data<int64_t>() + c.numel()};
}

TEST_F(OpsSort, MedianAlongADimPicksTheLowerMedianAndItsFirstIndex) {
  std::vector<Tensor> r = unpack_tensors(call("median.dim", longs({2, 4}, {3, 1, 2, 4, 5, 5, 1, 2}), int64_t{1}));
  EXPECT_EQ(long_values(r[0]), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(long_values(r[1]), (std::vector<int64_t>{2, 3}));
  // Ties: the element of rank (n - 1) / 2 in (value, index) order.
  r = unpack_tensors(call("median.dim", longs({5}, {7, 7, 7, 1, 9}), int64_t{0}));
  EXPECT_EQ(long_values(r[1]), (std::vector<int64_t>{1}));
}

TEST_F(OpsSort, KthvalueAndModeFollowAtensSelection) {
  std::vector<Tensor> k = unpack_tensors(call("kthvalue", longs({2, 4}, {3, 1, 2, 4, 5, 5, 1, 2}), int64_t{2}, int64_t{1}));
  EXPECT_EQ(long_values(k[0]), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(long_values(k[1]), (std::vector<int64_t>{2, 3}));
  std::vector<Tensor> m = unpack_tensors(call("mode", longs({7}, {1, 2, 2, 3, 3, 3, 1})));
  EXPECT_EQ(long_values(m[0]), (std::vector<int64_t>{3}));
  EXPECT_EQ(long_values(m[1]), (std::vector<int64_t>{5}));
}

TEST_F(OpsSort, CummaxMovesTheIndexOnTies) {
  std::vector<Tensor> r = unpack_tensors(call("cummax", longs({4}, {0, 5, 5, -1}), int64_t{0}));
  EXPECT_EQ(long_values(r[0]), (std::vector<int64_t>{0, 5, 5, 5}));
  EXPECT_EQ(long_values(r[1]), (std::vector<int64_t>{0, 1, 2, 2}));
}

TEST_F(OpsSort, UniqueReturnsSortedValuesInverseAndCounts) {
  std::vector<Tensor> r = unpack_tensors(call("_unique2", longs({7}, {3, 1, 2, 3, 3, 0, 1}), true, true, true));
  EXPECT_EQ(long_values(r[0]), (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(long_values(r[1]), (std::vector<int64_t>{3, 1, 2, 3, 3, 0, 1}));
  EXPECT_EQ(long_values(r[2]), (std::vector<int64_t>{1, 2, 1, 3}));
  std::vector<Tensor> c = unpack_tensors(call("unique_consecutive", longs({6}, {1, 1, 2, 1, 3, 3}), true, true));
  EXPECT_EQ(long_values(c[0]), (std::vector<int64_t>{1, 2, 1, 3}));
  EXPECT_EQ(long_values(c[1]), (std::vector<int64_t>{0, 0, 1, 2, 3, 3}));
  EXPECT_EQ(long_values(c[2]), (std::vector<int64_t>{2, 1, 1, 2}));
}

TEST_F(OpsSort, LogcumsumexpKeepsMinusInfinityAndShiftsLargeValues) {
  Tensor x = call_tensor("full", IntVector{3}, -INFINITY);
  Tensor r = call_tensor("logcumsumexp", x, int64_t{0});
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(r.data<float>()[i], -INFINITY);
  Tensor big = call_tensor("logcumsumexp", floats({1000, 1000}), int64_t{0});
  EXPECT_FLOAT_EQ(big.data<float>()[1], 1000.0f + std::log(2.0f));
}

REFC_OP_SAMPLES(sort_samples) {
  return {
      {"median", {input({2, 3})}},
      {"nanmedian", {input({5})}},
      {"median.dim", {input({3, 4}), Value::integer(1)}},
      {"nanmedian.dim", {input({3, 4}), Value::integer(0), Value::boolean(true)}},
      {"kthvalue", {input({3, 4}), Value::integer(2), Value::integer(1)}},
      {"mode", {input({2, 3}), Value::integer(0)}},
      {"cummax", {input({3, 4}), Value::integer(1)}},
      {"cummin", {input({3, 4}), Value::integer(0)}},
      {"logcumsumexp", {input({3, 4}), Value::integer(1)}},
      {"logcumsumexp", {input({5}), Value::integer(0)}},
  };
}

} // namespace
} // namespace refc::testing
