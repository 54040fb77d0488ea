// Unit tests of the op registry's core: schema parsing, the layout rules of
// elementwise outputs, view geometry, in-place checks; and the gradcheck
// samples of the view, copy, creation and basic arithmetic ops.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/ops/schema.h"
#include "reference_compiler/ops/shape_checks.h"
#include "reference_compiler/tensor/autograd_meta.h"

#include <gtest/gtest.h>

namespace refc::testing {
namespace {

TEST(Schema, RoundTripsThroughItsText) {
  for (const char* text : {
           "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
           "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
           "view(Tensor(a) self, SymInt[] size) -> Tensor(a)",
           "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
           "sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
           "index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
           "split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]",
           "gelu(Tensor self, *, str approximate='none') -> Tensor",
           "layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, bool cudnn_enable=True) -> Tensor",
       }) {
    EXPECT_EQ(ops::parse_schema(text).str(), text);
  }
}

TEST(Schema, ParsesTypesAndDefaults) {
  ops::FunctionSchema s = ops::parse_schema("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  EXPECT_EQ(s.name, "sum");
  EXPECT_EQ(s.overload, "dim_IntList");
  ASSERT_EQ(s.arguments.size(), 4u);
  EXPECT_TRUE(s.arguments[1].type.list);
  EXPECT_TRUE(s.arguments[1].type.optional);
  EXPECT_EQ(s.arguments[1].type.fixed_size, 1);
  EXPECT_TRUE(s.arguments[3].kwarg_only);
  EXPECT_TRUE(s.arguments[2].default_value.is_bool());
  EXPECT_THROW(ops::parse_schema("add(Tensor self"), std::invalid_argument);
  EXPECT_THROW(ops::parse_schema("add(Frob self) -> Tensor"), std::invalid_argument);
}

class OpsCore : public BuiltinTypesTest {};

TEST_F(OpsCore, ElementwiseOutputFollowsTheInputLayout) {
  Tensor x = ops::call_tensor("zeros", tensor::IntVector{3, 4});
  Tensor xt = ops::call_tensor("t", x);
  Tensor y = ops::call_tensor("add.Tensor", xt, 1);
  EXPECT_EQ(y.strides()[0], 1); // laid out like xt: [4, 3] with strides [1, 4]
  EXPECT_EQ(y.strides()[1], 4);
  // Broadcasting against a contiguous operand gives a contiguous result.
  Tensor z = ops::call_tensor("add.Tensor", ops::call_tensor("zeros", tensor::IntVector{4, 3}), xt);
  EXPECT_TRUE(z.is_contiguous());
}

TEST_F(OpsCore, ResultTypeRanksDimensionedTensorsFirst) {
  ops::ResultType rt;
  rt.add(Tensor::empty(tensor::SymIntVector{2}, DType::Int32));
  rt.add(tensor::Scalar(2.5));
  EXPECT_EQ(rt.result(), DType::Float32);
  ops::ResultType rt2;
  rt2.add(Tensor::empty(tensor::SymIntVector{2}, DType::UInt8));
  rt2.add(tensor::Scalar(int64_t{1000}));
  EXPECT_EQ(rt2.result(), DType::UInt8);
  ops::ResultType rt3;
  rt3.add(Tensor::empty(tensor::SymIntVector{2}, DType::Int32));
  rt3.add(Tensor::empty(tensor::SymIntVector{}, DType::Float64));
  EXPECT_EQ(rt3.result(), DType::Float64); // a 0-d tensor of a higher category keeps its dtype
}

TEST_F(OpsCore, ViewStridesFollowComputeStride) {
  using tensor::SymIntVector;
  auto s = ops::view_strides(SymIntVector{2, 3, 4}, SymIntVector{12, 4, 1}, SymIntVector{6, 4});
  ASSERT_TRUE(s);
  EXPECT_EQ((*s)[0].expect_int(), 4);
  // A transposed tensor cannot be flattened without a copy.
  EXPECT_FALSE(ops::view_strides(SymIntVector{3, 2}, SymIntVector{1, 3}, SymIntVector{6}));
}

TEST_F(OpsCore, ViewsShareStorageAndInPlaceWritesBumpTheVersion) {
  Tensor x = ops::call_tensor("zeros", tensor::IntVector{2, 3});
  Tensor row = ops::call_tensor("select.int", x, 0, 1);
  ops::call("fill_.Scalar", row, 5);
  EXPECT_EQ(x.data<float>()[3], 5.0f);
  EXPECT_EQ(x.data<float>()[0], 0.0f);
  EXPECT_EQ(x.version(), 1u);
}

TEST_F(OpsCore, InPlaceOnALeafThatRequiresGradIsRejected) {
  Tensor x = Tensor::from_value(input({3}));
  try {
    ops::call("add_.Tensor", x, 1);
    FAIL() << "expected an error";
  } catch (const lang::PyError& e) {
    SUCCEED();
  }
}

TEST_F(OpsCore, InPlaceResultTypeMustFitSelf) {
  Tensor x = ops::call_tensor("zeros", tensor::IntVector{2}, DType::Int64);
  EXPECT_THROW(ops::call("add_.Tensor", x, 1.5), lang::PyError);
}

TEST_F(OpsCore, FakeTensorsRunMetaOnly) {
  // A tensor without data propagates geometry through ops without kernels running.
  Tensor real = ops::call_tensor("zeros", tensor::IntVector{4, 5});
  Tensor fake = Tensor::alias(real->type, tensor::new_storage(real->storage->nbytes, tensor::kCPU, false),
                              {real.sym_sizes().begin(), real.sym_sizes().end()},
                              {real.sym_strides().begin(), real.sym_strides().end()}, 0, real.dtype());
  Tensor out = ops::call_tensor("sum.dim_IntList", ops::call_tensor("mul.Tensor", fake, fake), tensor::IntVector{1});
  EXPECT_FALSE(out.has_data());
  ASSERT_EQ(out.dim(), 1);
  EXPECT_EQ(out.size(0), 4);
}

} // namespace

REFC_OP_SAMPLES(core_samples) {
  return {
      {"view", {input({2, 3}), ints({3, 2})}},
      {"_unsafe_view", {input({2, 3}), ints({6})}},
      {"as_strided", {input({3, 3}), ints({2, 2}), ints({1, 3}), Value::integer(1)}},
      {"alias", {input({2, 2})}},
      {"expand", {input({3, 1}), ints({2, 3, 4})}},
      {"permute", {input({2, 3, 4}), ints({2, 0, 1})}},
      {"transpose.int", {input({2, 3, 4}), Value::integer(0), Value::integer(-1)}},
      {"t", {input({2, 3})}},
      {"select.int", {input({3, 4}), Value::integer(1), Value::integer(-1)}},
      {"slice.Tensor", {input({5, 4}), Value::integer(0), Value::integer(1), Value::integer(5), Value::integer(2)}},
      {"squeeze", {input({2, 1, 3, 1})}},
      {"squeeze.dim", {input({2, 1, 3}), Value::integer(1)}},
      {"squeeze.dims", {input({1, 2, 1}), ints({0, 2})}},
      {"unsqueeze", {input({2, 3}), Value::integer(-1)}},
      {"diagonal", {input({3, 4}), Value::integer(1)}},
      {"unfold", {input({7}), Value::integer(0), Value::integer(3), Value::integer(2)}},
      {"split.Tensor", {input({5, 2}), Value::integer(2)}},
      {"split_with_sizes", {input({2, 5}), ints({1, 4}), Value::integer(1)}},
      {"unbind.int", {input({3, 2}), Value::integer(0)}},
      {"copy", {input({2, 3}), input({3})}},
      {"clone", {input({2, 3})}},
      {"_to_copy", {input({2, 3})}},
      {"fill.Scalar", {input({3}), Value::floating(2.0)}},
      {"fill.Tensor", {input({3}), input({})}},
      {"zero", {input({3})}},
      {"as_strided_scatter", {input({4}), input({2}), ints({2}), ints({2}), Value::integer(0)}},
      {"select_backward", {input({4}), ints({3, 4}), Value::integer(0), Value::integer(1)}},
      {"slice_backward", {input({2, 4}), ints({5, 4}), Value::integer(0), Value::integer(1), Value::integer(5), Value::integer(2)}},
      {"diagonal_backward", {input({3}), ints({3, 4}), Value::integer(1), Value::integer(0), Value::integer(1)}},
      {"unfold_backward", {input({3, 3}), ints({7}), Value::integer(0), Value::integer(3), Value::integer(2)}},
      {"slice_scatter", {input({5, 4}), input({2, 4}), Value::integer(0), Value::integer(1), Value::integer(5), Value::integer(2)}},
      {"select_scatter", {input({3, 4}), input({3}), Value::integer(1), Value::integer(-1)}},
      {"diagonal_scatter", {input({3, 4}), input({3}), Value::integer(1), Value::integer(0), Value::integer(1)}},
      {"narrow_copy", {input({5, 3}), Value::integer(0), Value::integer(1), Value::integer(3)}},
      {"add.Tensor", {input({2, 3}), input({3}), Value::floating(2.0)}},
      {"sub.Tensor", {input({2, 3}), input({2, 1})}},
      {"mul.Tensor", {input({2, 3}), input({3})}},
      {"div.Tensor", {input({2, 3}), input({3}, 0.5, 2.0)}},
      {"div.Tensor_mode", {input({2, 3}, 0.1, 0.4), input({3}, 1.0, 2.0), lang::str_value("floor")}}, // no floor step inside
      {"sum", {input({2, 3})}},
      {"sum.dim_IntList", {input({2, 3, 4}), ints({0, 2}), Value::boolean(true)}},
      {"mean", {input({2, 3})}},
      {"mean.dim", {input({2, 3, 4}), ints({-1}), Value::boolean(false)}},
  };
}

} // namespace refc::testing
