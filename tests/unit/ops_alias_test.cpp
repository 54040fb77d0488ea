// Unit tests of the alias, comparison and broadcast families (alias_ops.cpp,
// comparison_ops.cpp, broadcast_ops.cpp): an alias is its target under a
// second name (same schema, results and derivative node), equal / isclose /
// allclose follow PyTorch's promotion, tolerance and NaN rules, the sign
// predicates, broadcast views; and the gradcheck samples of the
// differentiable aliases and broadcast ops.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/op_registry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace refc::testing {
namespace {

class OpsAlias : public BuiltinTypesTest {};

bool truth(const Value& v) { return v.as_bool(); }
tensor::IntVector vec(tensor::IntArrayRef v) { return {v.begin(), v.end()}; }

TEST_F(OpsAlias, AnAliasIsItsTargetUnderAnotherName) {
  const ops::OpDef& clip = ops::op("clip.Tensor");
  const ops::OpDef& clamp = ops::op("clamp.Tensor");
  EXPECT_EQ(clip.schema.str(), "clip.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor");
  EXPECT_EQ(clip.kernel, clamp.kernel);
  EXPECT_EQ(clip.derivative->node_name, "ClampBackward0");
  EXPECT_EQ(clip.variants, clamp.variants);
  // In-place aliases have the variants PyTorch gives them.
  EXPECT_EQ(ops::op("absolute_").variants, ops::kMethod);
  EXPECT_EQ(ops::op("clip_").variants, ops::kFunction | ops::kMethod);
  // true_divide aliases div without its rounding modes.
  EXPECT_EQ(ops::registry().find("true_divide.Tensor_mode"), nullptr);
  EXPECT_EQ(values<float>(ops::call_tensor("fix", make<float>({-1.5f, 2.7f}))), (std::vector<float>{-1.0f, 2.0f}));
  EXPECT_EQ(values<bool>(ops::call_tensor("greater_equal.Scalar", make<int64_t>({1, 2}), 2)), (std::vector<bool>{false, true}));
}

TEST_F(OpsAlias, EqualNeedsSameSizesAndComparesPromotedValues) {
  float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(truth(ops::call("equal", make<int64_t>({1, 2}), make<float>({1.0f, 2.0f}))));
  EXPECT_FALSE(truth(ops::call("equal", make<int64_t>({1, 2}), make<int64_t>({1}))));
  EXPECT_FALSE(truth(ops::call("equal", make<float>({nan}), make<float>({nan}))));
  EXPECT_FALSE(truth(ops::call("equal", make<double>({0.1}), make<float>({0.1f}))));
  EXPECT_TRUE(truth(ops::call("equal", make<float>({0.0f}), make<float>({-0.0f}))));
}

TEST_F(OpsAlias, IsCloseFollowsPyTorch) {
  float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  Tensor a = make<float>({nan, inf, -inf, 1.0f});
  Tensor b = make<float>({nan, inf, inf, 1.00001f});
  EXPECT_EQ(values<bool>(ops::call_tensor("isclose", a, b)), (std::vector<bool>{false, true, false, false}));
  EXPECT_EQ(values<bool>(ops::call_tensor("isclose", a, b, 1e-5, 0.0, true)), (std::vector<bool>{true, true, false, false}));
  // Integers compare as default-dtype floats: no wrap-around in the difference.
  EXPECT_EQ(values<bool>(ops::call_tensor("isclose", make<uint8_t>({0, 255}), make<uint8_t>({255, 0}), 0.0, 10.0)),
            (std::vector<bool>{false, false}));
  EXPECT_TRUE(truth(ops::call("allclose", make<float>({1.0f, 2.0f}), make<float>({1.0f, 2.00001f}))));
  EXPECT_NE(error_repr([] { ops::call("isclose", make<int64_t>({1}), make<float>({1.0f})); }).find("Long did not match Float"),
            std::string::npos);
  EXPECT_NE(error_repr([] { ops::call("isclose", make<float>({1.0f}), make<float>({1.0f}), -0.1); })
                .find("rtol must be greater than or equal to zero, but got -0.1"),
            std::string::npos);
}

TEST_F(OpsAlias, SignPredicates) {
  float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  Tensor x = make<float>({inf, -inf, nan, -0.0f, 1.0f});
  EXPECT_EQ(values<bool>(ops::call_tensor("isposinf", x)), (std::vector<bool>{true, false, false, false, false}));
  EXPECT_EQ(values<bool>(ops::call_tensor("isneginf", x)), (std::vector<bool>{false, true, false, false, false}));
  EXPECT_EQ(values<bool>(ops::call_tensor("signbit", x)), (std::vector<bool>{false, true, false, true, false}));
  EXPECT_EQ(values<bool>(ops::call_tensor("signbit", make<int64_t>({-3, 0, 4}))), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(values<bool>(ops::call_tensor("isposinf", make<int64_t>({1}))), (std::vector<bool>{false}));
}

TEST_F(OpsAlias, BroadcastsAreViews) {
  Tensor x = make<float>({1.0f, 2.0f, 3.0f});
  Tensor column = ops::call_tensor("reshape", make<float>({4.0f, 5.0f}), tensor::IntVector{2, 1});
  std::vector<Tensor> b = ops::unpack_tensors(ops::call("broadcast_tensors", std::vector<Tensor>{x, column}));
  EXPECT_EQ(vec(b[0].sizes()), (tensor::IntVector{2, 3}));
  EXPECT_EQ(vec(b[0].strides()), (tensor::IntVector{0, 1}));
  EXPECT_EQ(vec(b[1].strides()), (tensor::IntVector{1, 0}));
  std::vector<Tensor> xy = ops::unpack_tensors(ops::call("meshgrid.indexing", std::vector<Tensor>{x, make<float>({4.0f, 5.0f})}, "xy"));
  EXPECT_EQ(vec(xy[0].sizes()), (tensor::IntVector{2, 3}));
  EXPECT_EQ(values<float>(xy[1]), (std::vector<float>{4.0f, 4.0f, 4.0f, 5.0f, 5.0f, 5.0f}));
}

// ---- gradcheck samples ------------------------------------------------------------------------

REFC_OP_SAMPLES(alias_samples) {
  Value x = input({2, 3}), y = input({2, 3}, 0.5, 2.0), unit = input({2, 3}, -0.9, 0.9);
  std::vector<OpSample> samples = {
      {"clip", {x, Value::floating(-0.5), Value::floating(0.5)}},
      {"clip.Tensor", {x, constant({3}, -0.5, -0.1), input({2, 1}, 0.1, 0.6)}},
      {"fix", {input({2, 3}, 0.1, 0.4)}},
      {"multiply.Tensor", {x, input({3})}},
      {"divide.Tensor", {x, y}},
      {"divide.Tensor_mode", {x, y, Value::none()}},
      {"true_divide.Tensor", {x, y}},
      {"multiply.Scalar", {x, Value::floating(1.5)}},
      {"divide.Scalar", {x, Value::floating(-2.0)}},
      {"subtract.Tensor", {x, input({2, 1})}},
      {"arctan2", {x, y}},
      {"moveaxis.int", {x, Value::integer(0), Value::integer(-1)}},
      {"swapdims.int", {x, Value::integer(0), Value::integer(1)}},
      // the views the in-place view ops (t_, squeeze_, ...) record under their own node names
      {"_t_view", {x}},
      {"_transpose_view", {x, Value::integer(0), Value::integer(1)}},
      {"_swapdims_view", {x, Value::integer(1), Value::integer(0)}},
      {"_swapaxes_view", {x, Value::integer(0), Value::integer(-1)}},
      {"_squeeze_view", {input({2, 1, 3})}},
      {"_squeeze_view.dim", {input({2, 1, 3}), Value::integer(1)}},
      {"_squeeze_view.dims", {input({1, 2, 1}), ints({0, 2})}},
      {"_unsqueeze_view", {x, Value::integer(1)}},
      {"broadcast_to", {input({3}), ints({2, 3})}},
  };
  for (const char* op : {"negative", "absolute", "arctan"}) samples.push_back({op, {x}});
  for (const char* op : {"arccos", "arcsin", "arctanh"}) samples.push_back({op, {unit}});
  samples.push_back({"arcsinh", {x}});
  samples.push_back({"arccosh", {input({2, 3}, 1.2, 2.5)}});
  return samples;
}

} // namespace
} // namespace refc::testing
