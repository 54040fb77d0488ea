// The registry-wide gradient check (see gradcheck.h): every op with a
// derivative has a sample, and every sample's analytical gradient of a
// random projection of the outputs matches central finite differences
// (or, for a derivative zero by definition, is zero).
#include "gradcheck.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/generator.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace refc::testing {

using lang::Value;
using ops::OpDef;
using tensor::DType;
using tensor::Tensor;

int register_op_samples(SampleFactory factory) {
  const_cast<std::vector<SampleFactory>&>(op_sample_factories()).push_back(factory);
  return 0;
}

const std::vector<SampleFactory>& op_sample_factories() {
  static std::vector<SampleFactory> factories;
  return factories;
}

namespace {

Tensor make_f64(const tensor::IntVector& sizes, double lo, double hi) {
  Tensor t = Tensor::empty(tensor::to_sym(sizes), DType::Float64);
  int64_t n = t.numel();
  // i -> (i * 7919) mod n is a permutation when n and 7919 are coprime; bump
  // the multiplier until it is, so values are distinct.
  int64_t mult = 7919;
  auto gcd = [](int64_t a, int64_t b) { while (b) { int64_t r = a % b; a = b; b = r; } return a; };
  while (n > 1 && gcd(mult, n) != 1) ++mult;
  for (int64_t i = 0; i < n; ++i) {
    double frac = n == 1 ? 0.5 : static_cast<double>((i * mult) % n) / static_cast<double>(n - 1);
    t.data<double>()[i] = lo + (hi - lo) * frac;
  }
  return t;
}

} // namespace

Value input(tensor::IntVector sizes, double lo, double hi) {
  Tensor t = make_f64(sizes, lo, hi);
  tensor::autograd_meta(t).requires_grad = true;
  return t.to_value();
}

Value invertible_input(tensor::IntVector sizes) {
  Tensor t = make_f64(sizes, -1.0, 1.0);
  const int64_t n = sizes.back(), count = t.numel() / (n * n);
  for (int64_t b = 0; b < count; ++b)
    for (int64_t i = 0; i < n; ++i) t.data<double>()[b * n * n + i * n + i] += static_cast<double>(n);
  tensor::autograd_meta(t).requires_grad = true;
  return t.to_value();
}

Value constant(tensor::IntVector sizes, double lo, double hi) { return make_f64(sizes, lo, hi).to_value(); }

Value int_tensor(tensor::IntVector sizes, std::vector<int64_t> values) {
  Tensor t = Tensor::empty(tensor::to_sym(sizes), DType::Int64);
  REFC_CHECK(static_cast<int64_t>(values.size()) == t.numel(), "int_tensor: wrong number of values");
  std::copy(values.begin(), values.end(), t.data<int64_t>());
  return t.to_value();
}

Value bool_tensor(tensor::IntVector sizes, std::vector<bool> values) {
  Tensor t = Tensor::empty(tensor::to_sym(sizes), DType::Bool);
  REFC_CHECK(static_cast<int64_t>(values.size()) == t.numel(), "bool_tensor: wrong number of values");
  std::copy(values.begin(), values.end(), t.data<bool>());
  return t.to_value();
}

Value ints(std::initializer_list<int64_t> values) { return ops::int_list_value(tensor::IntVector(values)); }

Value tensors(std::initializer_list<Value> values) {
  return Value(lang::make_list(std::vector<Value>(values)));
}

namespace {

struct Case {
  std::string name; // for test names and messages
  OpSample sample;
  const OpDef* op;
};

std::vector<Case>& cases() {
  static std::vector<Case> all = [] {
    lang::init_builtin_types();
    std::vector<Case> out;
    for (SampleFactory f : op_sample_factories())
      for (OpSample& s : f()) {
        const OpDef* op = ops::registry().find(s.op);
        std::string name = s.op + "_" + std::to_string(out.size());
        for (char& c : name)
          if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        out.push_back(Case{name, std::move(s), op});
      }
    return out;
  }();
  return all;
}

// The floating tensors among the outputs of a call.
std::vector<Tensor> float_outputs(const Value& result) {
  std::vector<Tensor> out;
  if (tensor::is_tensor(result)) out.push_back(Tensor::from_value(result));
  else if (result.is_obj() && (result.as_obj()->type->is_subtype(lang::types::tuple) ||
                               result.as_obj()->type->is_subtype(lang::types::list)))
    for (const Tensor& t : ops::unpack_tensors(result)) out.push_back(t);
  std::vector<Tensor> floating;
  for (const Tensor& t : out)
    if (t.defined() && tensor::is_floating(t.dtype()) && t.numel() > 0) floating.push_back(t);
  return floating;
}

// Fixed pseudo-random projection weights, one per output element.
std::vector<std::vector<double>> projection(const std::vector<Tensor>& outs) {
  std::vector<std::vector<double>> w;
  uint64_t state = 12345;
  for (const Tensor& t : outs) {
    std::vector<double> v(static_cast<size_t>(t.numel()));
    for (double& x : v) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      x = static_cast<double>(state >> 11) / 9007199254740992.0 * 2 - 1;
    }
    w.push_back(std::move(v));
  }
  return w;
}

// sum_k w_k . out_k, reading elements through strides (outputs may be views).
double project(const std::vector<Tensor>& outs, const std::vector<std::vector<double>>& w) {
  double total = 0;
  for (size_t k = 0; k < outs.size(); ++k) {
    Tensor c = ops::call_tensor("contiguous", ops::call_tensor("_to_copy", outs[k], DType::Float64));
    for (int64_t i = 0; i < c.numel(); ++i) total += w[k][static_cast<size_t>(i)] * c.data<double>()[i];
  }
  return total;
}

// The call for one evaluation: inputs of an in-place op are cloned first so
// the leaf itself is never written; the generator is reseeded so sampling
// ops (dropout) draw the same numbers every time.
Value evaluate(const Case& c, const OpDef& op) {
  tensor::default_generator().manual_seed(0);
  std::vector<Value> args = c.sample.args;
  ops::fill_defaults(op, args);
  if (op.inplace) args[0] = ops::call("clone", args[0]);
  return ops::call_op(op, std::move(args));
}

void check_gradients(const Case& c, const OpDef& op) {
  SCOPED_TRACE(op.qualified_name);
  // Leaves: every floating tensor argument that requires grad.
  std::vector<Tensor> leaves;
  for (const Value& v : c.sample.args) {
    std::vector<Value> items;
    if (tensor::is_tensor(v)) items.push_back(v);
    else if (v.is_obj() && v.as_obj()->type->is_subtype(lang::types::list)) items = v.as<lang::List>()->items;
    for (const Value& x : items)
      if (tensor::is_tensor(x) && Tensor::from_value(x).requires_grad()) leaves.push_back(Tensor::from_value(x));
  }
  ASSERT_FALSE(leaves.empty()) << "sample has no input that requires grad";

  Value result = evaluate(c, op);
  std::vector<Tensor> outs = float_outputs(result);
  ASSERT_FALSE(outs.empty()) << "sample has no floating output";
  auto w = projection(outs);
  // Outputs without history (native_layer_norm's mean and rstd) are not
  // differentiated: leave them out of the projection.
  for (size_t k = 0; k < outs.size(); ++k)
    if (!outs[k].requires_grad()) std::fill(w[k].begin(), w[k].end(), 0.0);

  // Analytical: backward of the projection.
  std::vector<Tensor> roots, grads;
  for (size_t k = 0; k < outs.size(); ++k) {
    if (!outs[k].requires_grad()) continue;
    Tensor g = Tensor::empty(outs[k].sym_sizes(), outs[k].dtype());
    Tensor g64 = Tensor::empty(outs[k].sym_sizes(), DType::Float64);
    std::copy(w[k].begin(), w[k].end(), g64.data<double>());
    ops::copy_into(g, g64);
    roots.push_back(outs[k]);
    grads.push_back(g);
  }
  ASSERT_FALSE(roots.empty()) << "no output requires grad";
  ops::BackwardOptions options;
  options.accumulate = false;
  options.allow_unused = true;
  std::vector<Tensor> analytical = ops::run_backward(roots, grads, leaves, options);

  // A gradient zero by definition (sign, normal's mean) is checked to be
  // zero: finite differences of a sampling op measure something else.
  if (op.derivative && op.derivative->fn == ops::zero_derivative) {
    for (const Tensor& a : analytical) {
      if (!a.defined()) continue;
      Tensor a64 = ops::call_tensor("contiguous", ops::call_tensor("_to_copy", a, DType::Float64));
      for (int64_t i = 0; i < a64.numel(); ++i) EXPECT_EQ(a64.data<double>()[i], 0.0);
    }
    return;
  }

  // Numerical: central differences, one element at a time.
  ops::GradModeGuard no_grad(false);
  const double eps = 1e-6;
  for (size_t l = 0; l < leaves.size(); ++l) {
    Tensor leaf = leaves[l];
    ASSERT_EQ(leaf.dtype(), DType::Float64) << "gradcheck inputs must be float64";
    ASSERT_TRUE(leaf.is_contiguous());
    Tensor a = analytical[l].defined() ? ops::call_tensor("contiguous", ops::call_tensor("_to_copy", analytical[l], DType::Float64))
                                       : Tensor();
    for (int64_t i = 0; i < leaf.numel(); ++i) {
      double& x = leaf.data<double>()[i];
      double saved = x;
      x = saved + eps;
      double plus = project(float_outputs(evaluate(c, op)), w);
      x = saved - eps;
      double minus = project(float_outputs(evaluate(c, op)), w);
      x = saved;
      double numerical = (plus - minus) / (2 * eps);
      double got = a.defined() ? a.data<double>()[i] : 0.0;
      EXPECT_NEAR(got, numerical, 1e-5 + 1e-3 * std::fabs(numerical))
          << "input " << l << " element " << i;
    }
  }
}

class Gradcheck : public ::testing::TestWithParam<size_t> {};

TEST_P(Gradcheck, MatchesFiniteDifferences) {
  const Case& c = cases()[GetParam()];
  ASSERT_NE(c.op, nullptr) << "no op named " << c.sample.op;
  try {
    check_gradients(c, *c.op);
    // The in-place variants of the op share its derivative.
    for (const auto& other : ops::registry().all()) {
      if (other->functional == c.op && other->has_derivative()) check_gradients(c, *other);
    }
  } catch (const lang::PyError& e) {
    FAIL() << "raised " << lang::repr(e.exc)->view();
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, Gradcheck, ::testing::Range<size_t>(0, cases().size()),
                         [](const ::testing::TestParamInfo<size_t>& info) { return cases()[info.param].name; });

TEST(Gradcheck, EveryDifferentiableOpHasASample) {
  std::set<std::string> sampled;
  for (const Case& c : cases()) sampled.insert(c.sample.op);
  for (const auto& op : ops::registry().all()) {
    if (op->has_derivative() && !op->inplace) {
      EXPECT_TRUE(sampled.count(op->qualified_name)) << op->qualified_name << " has a derivative but no gradcheck sample";
    }
  }
}

} // namespace
} // namespace refc::testing
