// Unit tests of the indexing and shape ops: advanced indexing's result
// layout (adjacent vs separated index tensors, masks), index_put with
// duplicates, scatter's write order, stable sort, topk, padding modes and
// cat/stack; and the gradcheck samples of the index and shape families.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/ops/call.h"

#include <gtest/gtest.h>

#include <cmath>

namespace refc::testing {
namespace {

class OpsIndex : public BuiltinTypesTest {};

Tensor longs(IntVector sizes, std::vector<int64_t> values) { return Tensor::from_value(int_tensor(sizes, values)); }
IntVector sizes(const Tensor& t) { return {t.sizes().begin(), t.sizes().end()}; }
std::vector<int64_t> long_values(const Tensor& t) {
  Tensor c = call_tensor("contiguous", call_tensor("_to_copy", t, DType::Int64));
  return {c.data<int64_t>(), c.data<int64_t>() + c.numel()};
}
Tensor arange(int64_t n, IntVector shape) {
  return call_tensor("reshape", call_tensor("arange", n), shape);
}
Value index_list(std::vector<Tensor> items) {
  std::vector<Value> v;
  for (const Tensor& t : items) v.push_back(t.defined() ? t.to_value() : Value::none());
  return Value(lang::make_list(std::move(v)));
}

TEST_F(OpsIndex, AdjacentIndexTensorsReplaceTheirDimsInPlace) {
  Tensor x = arange(24, {2, 3, 4});
  // x[:, [2, 0], [1, 3]]: the broadcast index shape [2] stays at dim 1.
  Tensor r = call_tensor("index.Tensor", x, index_list({Tensor(), longs({2}, {2, 0}), longs({2}, {1, 3})}));
  EXPECT_EQ(sizes(r), (IntVector{2, 2}));
  EXPECT_EQ(long_values(r), (std::vector<int64_t>{9, 3, 21, 15}));
}

TEST_F(OpsIndex, SeparatedIndexTensorsMoveTheResultDimsToTheFront) {
  Tensor x = arange(24, {2, 3, 4});
  // x[[0, 1], :, [1, 2]]: index dims are separated by a slice, so they go first.
  Tensor r = call_tensor("index.Tensor", x, index_list({longs({2}, {0, 1}), Tensor(), longs({2}, {1, 2})}));
  EXPECT_EQ(sizes(r), (IntVector{2, 3}));
  EXPECT_EQ(long_values(r), (std::vector<int64_t>{1, 5, 9, 14, 18, 22}));
}

TEST_F(OpsIndex, BoolMasksIndexTheirNonzeroPositions) {
  Tensor x = arange(6, {2, 3});
  Tensor mask = Tensor::from_value(bool_tensor({2, 3}, {true, false, true, false, false, true}));
  Tensor r = call_tensor("index.Tensor", x, index_list({mask}));
  EXPECT_EQ(long_values(r), (std::vector<int64_t>{0, 2, 5}));
}

TEST_F(OpsIndex, OutOfRangeIndicesNameTheIndexedDim) {
  Tensor x = arange(12, {3, 4});
  try {
    call("index.Tensor", x, index_list({Tensor(), longs({1}, {5})}));
    FAIL() << "no error";
  } catch (const lang::PyError& e) {
    EXPECT_EQ(std::string(lang::to_str(e.exc)->view()), "index 5 is out of bounds for dimension 0 with size 4");
  }
}

TEST_F(OpsIndex, IndexPutAccumulatesDuplicatesInOrder) {
  Tensor x = call_tensor("zeros", IntVector{4});
  call("index_put_", x, index_list({longs({4}, {1, 3, 1, 1})}), call_tensor("ones", IntVector{4}), true);
  EXPECT_EQ(long_values(x), (std::vector<int64_t>{0, 3, 0, 1}));
  // Without accumulate the last write wins.
  Tensor v = Tensor::from_value(int_tensor({3}, {7, 8, 9}));
  Tensor y = call_tensor("index_put", call_tensor("zeros", IntVector{3}, DType::Int64), index_list({longs({3}, {2, 2, 0})}), v);
  EXPECT_EQ(long_values(y), (std::vector<int64_t>{9, 0, 8}));
}

TEST_F(OpsIndex, ScatterWalksEachRowInIndexOrder) {
  Tensor self = call_tensor("zeros", IntVector{2, 3}, DType::Int64);
  Tensor src = arange(4, {2, 2});
  Tensor r = call_tensor("scatter.src", self, 1, longs({2, 2}, {0, 0, 2, 1}), src);
  EXPECT_EQ(long_values(r), (std::vector<int64_t>{1, 0, 0, 0, 3, 2}));
}

TEST_F(OpsIndex, SortIsStableAndPutsNaNLast) {
  Tensor x = call_tensor("_to_copy", Tensor::from_value(int_tensor({5}, {3, 1, 3, 0, 1})), DType::Float64);
  x.data<double>()[3] = std::nan("");
  std::vector<Tensor> up = ops::unpack_tensors(call("sort.stable", x, true));
  EXPECT_EQ(long_values(up[1]), (std::vector<int64_t>{1, 4, 0, 2, 3}));
  std::vector<Tensor> down = ops::unpack_tensors(call("sort.stable", x, true, -1, true));
  EXPECT_EQ(long_values(down[1]), (std::vector<int64_t>{3, 0, 2, 1, 4}));
}

TEST_F(OpsIndex, TopkPicksTheLargestWithFirstIndicesForTies) {
  Tensor x = Tensor::from_value(int_tensor({6}, {2, 5, 5, 1, 5, 0}));
  std::vector<Tensor> r = ops::unpack_tensors(call("topk", x, 2));
  EXPECT_EQ(long_values(r[0]), (std::vector<int64_t>{5, 5}));
  std::vector<Tensor> s = ops::unpack_tensors(call("sort", x, -1, true));
  EXPECT_EQ(long_values(s[1]), (std::vector<int64_t>{1, 2, 4, 0, 3, 5}));
}

TEST_F(OpsIndex, PaddingModes) {
  Tensor x = arange(3, {1, 3});
  auto padded = [&](const char* mode) { return long_values(call_tensor("pad", x, IntVector{2, 1}, mode)); };
  EXPECT_EQ(padded("constant"), (std::vector<int64_t>{0, 0, 0, 1, 2, 0}));
  EXPECT_EQ(padded("reflect"), (std::vector<int64_t>{2, 1, 0, 1, 2, 1}));
  EXPECT_EQ(padded("replicate"), (std::vector<int64_t>{0, 0, 0, 1, 2, 2}));
  EXPECT_EQ(padded("circular"), (std::vector<int64_t>{1, 2, 0, 1, 2, 0}));
}

TEST_F(OpsIndex, CatPromotesAndSkipsLegacyEmptyTensors) {
  Tensor a = arange(4, {2, 2});
  Tensor empty = call_tensor("zeros", IntVector{0}, DType::Float32);
  Tensor r = call_tensor("cat", std::vector<Tensor>{a, empty, a}, 1);
  EXPECT_EQ(sizes(r), (IntVector{2, 4}));
  EXPECT_EQ(r.dtype(), DType::Float32);
  EXPECT_EQ(long_values(r), (std::vector<int64_t>{0, 1, 0, 1, 2, 3, 2, 3}));
}

REFC_OP_SAMPLES(index_samples) {
  const Value zero = Value::integer(0), one = Value::integer(1);
  return {
      {"gather", {input({3, 4}), one, int_tensor({2, 2}, {0, 3, 1, 1})}},
      {"scatter.src", {input({3, 4}), one, int_tensor({2, 2}, {0, 3, 1, 2}), input({2, 2})}},
      {"scatter.value", {input({3, 4}), zero, int_tensor({1, 3}, {2, 0, 1}), Value::floating(1.5)}},
      {"scatter_add", {input({3, 4}), one, int_tensor({2, 3}, {0, 0, 3, 1, 1, 1}), input({2, 3})}},
      {"scatter_reduce.two", {input({3, 4}), one, int_tensor({2, 3}, {0, 0, 3, 1, 1, 1}), input({2, 3}),
                              lang::str_value("sum"), Value::boolean(false)}},
      {"scatter_reduce.two", {input({3, 4}), one, int_tensor({2, 3}, {0, 0, 3, 1, 1, 1}), input({2, 3}),
                              lang::str_value("mean")}},
      {"scatter_reduce.two", {input({3, 4}), one, int_tensor({2, 3}, {0, 0, 3, 1, 1, 1}), input({2, 3}),
                              lang::str_value("amax")}},
      {"scatter_reduce.two", {input({3, 4}), one, int_tensor({2, 3}, {0, 0, 3, 1, 1, 1}), input({2, 3}),
                              lang::str_value("prod"), Value::boolean(false)}},
      {"index_select", {input({4, 3}), zero, int_tensor({3}, {3, 0, 3})}},
      {"index_copy", {input({4, 3}), zero, int_tensor({2}, {3, 1}), input({2, 3})}},
      {"index_fill.int_Scalar", {input({4, 3}), one, int_tensor({2}, {2, 0}), Value::floating(1.5)}},
      {"index_fill.int_Tensor", {input({4, 3}), zero, int_tensor({3}, {1, 3, 1}), input({})}},
      {"take_along_dim", {input({3, 4}), int_tensor({3, 1}, {0, 3, 2}), one}},
      {"tile", {input({2, 3}), ints({2, 1, 2})}},
      {"rot90", {input({2, 3}), Value::integer(3)}},
      {"index_add", {input({4, 3}), one, int_tensor({2}, {2, 2}), input({4, 2}), Value::floating(2.0)}},
      {"index.Tensor", {input({3, 4, 2}), tensors({Value::none(), int_tensor({2}, {3, 1}), int_tensor({2}, {0, 1})})}},
      {"index.Tensor", {input({3, 4}), tensors({bool_tensor({3}, {true, false, true})})}},
      {"index_put", {input({3, 4}), tensors({int_tensor({3}, {0, 2, 0})}), input({3, 4}), Value::boolean(true)}},
      {"index_put", {input({3, 4}), tensors({Value::none(), int_tensor({2}, {3, 1})}), input({2})}},
      {"take", {input({3, 4}), int_tensor({3}, {11, 0, -1})}},
      {"put", {input({3, 4}), int_tensor({3}, {5, 0, 5}), input({3}), Value::boolean(true)}},
      {"put", {input({3, 4}), int_tensor({2}, {5, 0}), input({2})}},
      {"masked_fill.Scalar", {input({2, 3}), bool_tensor({3}, {true, false, true}), Value::floating(2.0)}},
      {"masked_fill.Tensor", {input({2, 3}), bool_tensor({2, 1}, {true, false}), input({})}},
      {"masked_select", {input({2, 3}), bool_tensor({3}, {false, true, true})}},
      {"masked_scatter", {input({2, 3}), bool_tensor({2, 3}, {true, false, true, false, true, false}), input({5})}},
      {"sort", {input({3, 4}), zero, Value::boolean(true)}},
      {"sort.stable", {input({3, 4}), Value::boolean(true)}},
      {"topk", {input({3, 5}), Value::integer(2)}},
      {"topk", {input({4, 3}), one, zero, Value::boolean(false)}},
      {"embedding", {input({5, 3}), int_tensor({2, 2}, {4, 0, 4, 1})}},
      {"embedding_dense_backward", {input({3, 2}), int_tensor({3}, {1, 1, 4}), Value::integer(5), one,
                                    Value::boolean(false)}},
      {"cat", {tensors({input({2, 3}), input({2, 1}), constant({0})}), Value::integer(-1)}},
      {"stack", {tensors({input({2, 3}), input({2, 3})}), one}},
      {"tril", {input({3, 4}), one}},
      {"triu", {input({2, 4, 3}), Value::integer(-1)}},
      {"repeat", {input({2, 3}), ints({2, 1, 2})}},
      {"roll", {input({3, 4}), ints({1, -2}), ints({0, 1})}},
      {"roll", {input({3, 4}), ints({5})}},
      {"flip", {input({2, 3, 2}), ints({0, -1})}},
      {"constant_pad_nd", {input({2, 3}), ints({1, 2, -1, 0}), Value::floating(3.0)}},
      {"reflection_pad1d", {input({2, 4}), ints({2, 1})}},
      {"reflection_pad2d", {input({1, 3, 3}), ints({1, 2, 2, 0})}},
      {"reflection_pad3d", {input({1, 1, 2, 3, 3}), ints({1, 1, 1, 0, 0, 1})}},
      {"replication_pad1d", {input({1, 2, 3}), ints({2, 3})}},
      {"replication_pad2d", {input({2, 3, 2}), ints({1, 0, 2, 1})}},
      {"replication_pad3d", {input({1, 2, 2, 2}), ints({1, 1, 0, 1, 1, 0})}},
      {"reflection_pad1d_backward", {input({2, 7}), constant({2, 4}), ints({2, 1})}},
      {"reflection_pad2d_backward", {input({1, 5, 6}), constant({1, 3, 3}), ints({1, 2, 2, 0})}},
      {"reflection_pad3d_backward", {input({1, 1, 3, 4, 5}), constant({1, 1, 2, 3, 3}), ints({1, 1, 1, 0, 0, 1})}},
      {"replication_pad1d_backward", {input({1, 2, 8}), constant({1, 2, 3}), ints({2, 3})}},
      {"replication_pad2d_backward", {input({2, 6, 3}), constant({2, 3, 2}), ints({1, 0, 2, 1})}},
      {"replication_pad3d_backward", {input({1, 3, 3, 4}), constant({1, 2, 2, 2}), ints({1, 1, 0, 1, 1, 0})}},
      {"pad", {input({1, 2, 3}), ints({1, 2}), lang::str_value("reflect")}},
      {"repeat_interleave.self_int", {input({2, 3}), Value::integer(2), one}},
  };
}

} // namespace
} // namespace refc::testing
