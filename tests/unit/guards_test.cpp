// Unit tests of the guard tree (reference_compiler/dynamo/guards/): source
// naming and reading, each leaf guard's check and the recompile reason it
// gives (the seeds' texts), and the TORCH_LOGS=guards tree printing.
#include "reference_compiler/dynamo/guards/guard_manager.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/torch/torch_module.h"

#include "reference_compiler/tensor/autograd_meta.h"

#include <gtest/gtest.h>

#include <cmath>

namespace refc::dynamo {
namespace {

using lang::Value;
using tensor::DType;
using tensor::IntVector;
using tensor::Tensor;

class GuardsTest : public ::testing::Test {
protected:
  void SetUp() override {
    lang::initialise();
    torch::install();
    lang::import_module("torch");
  }
  static Tensor ones(IntVector sizes, DType dtype = DType::Float32) { return ops::call_tensor("ones", sizes, dtype); }
  // L['x'] is fast local 0 of a frame holding `locals`.
  static GuardInput input(const std::vector<Value>& locals) { return GuardInput{locals, nullptr, {}}; }
};

TEST_F(GuardsTest, SourcesNameTheirAccessChain) {
  SourcePtr self = Source::local("self", 0);
  SourcePtr lr = Source::dict_item(Source::item(Source::attr(self, "param_groups"), 0), "lr");
  EXPECT_EQ(lr->str(), "L['self'].param_groups[0]['lr']");
  EXPECT_EQ(Source::global("mod")->str(), "G['mod']");
  EXPECT_EQ(self->accessor_str(), "DictGetItemGuardAccessor(self)");
  EXPECT_EQ(lr->accessor_str(), "DictGetItemGuardAccessor(lr)");
  EXPECT_EQ(Source::attr(self, "scale")->accessor_str(), "GetAttrGuardAccessor(scale)");
}

// The seed's guards for `fn(torch.ones(3, 3))` and its recompile reason on
// `fn(torch.ones(4, 4))`.
TEST_F(GuardsTest, TensorGuardsPrintAndFailAsInTheSeed) {
  RootGuardManager root;
  root.add(global_state());
  SourcePtr x = Source::local("x", 0);
  GuardManager& mx = root.manager_for(x);
  const graph::UserFrame line{"playground.py", 6, "fn", "return x + 1"};
  auto tm = tensor_match(*x, ones({3, 3}), ones({3, 3}));
  tm->user_frame = line;
  mx.add(std::move(tm));
  auto nh = no_hasattr(*x, "_dynamo_dynamic_indices");
  nh->user_frame = line;
  mx.add(std::move(nh));
  EXPECT_EQ(root.str(),
            "TREE_GUARD_MANAGER:\n"
            "+- RootGuardManager\n"
            "| +- GLOBAL_STATE: ___check_global_state()\n"
            "| +- GuardManager: source=L['x'], accessed_by=DictGetItemGuardAccessor(x)\n"
            "| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, "
            "AutogradCPU), torch.float32, device=None, requires_grad=False, size=[3, 3], stride=[3, 1])  # return x + 1  "
            "# playground.py:6 in fn\n"
            "| | +- NO_HASATTR: hasattr(L['x'], '_dynamo_dynamic_indices') == False           # return x + 1  "
            "# playground.py:6 in fn\n");
  EXPECT_EQ(root.leaf_count(), 3u);

  std::vector<Value> same{ones({3, 3}).to_value()};
  EXPECT_TRUE(root.check(input(same)));
  EXPECT_FALSE(root.failure_reason(input(same)).has_value());
  std::vector<Value> bigger{ones({4, 4}).to_value()};
  EXPECT_FALSE(root.check(input(bigger)));
  EXPECT_EQ(root.failure_reason(input(bigger)), "tensor 'L['x']' size mismatch at index 0. expected 3, actual 4");
}

// config.guard_fail_reason_origin: 2.14's form of a constant's reason (its
// comment, HINT and user stack, inlined caller first); a tensor's stays bare.
TEST_F(GuardsTest, ReasonWithOriginAddsTheCommentAndUserStack) {
  SourcePtr k = Source::local("k", 1);
  auto eq = equals_match(*k, Value::integer(2));
  const graph::UserFrame caller{"prog.py", 9, "fn", "return scaled(x, k)"};
  const graph::UserFrame line{"prog.py", 5, "scaled", "return x * k"};
  eq->user_frame = line;
  eq->user_stack = {caller, line};
  eq->hint = "a hint";
  EXPECT_EQ(eq->failure_reason(Value::integer(3)), "L['k'] == 2");
  EXPECT_EQ(eq->failure_reason_with_origin(Value::integer(3)),
            "L['k'] == 2                                                   # return x * k  # prog.py:5 in scaled "
            "(HINT: a hint)\n"
            "User stack trace:\n"
            "  File \"prog.py\", line 9, in fn\n"
            "    return scaled(x, k)\n"
            "  File \"prog.py\", line 5, in scaled\n"
            "    return x * k");
  SourcePtr x = Source::local("x", 0);
  auto tm = tensor_match(*x, ones({3}), ones({3}));
  tm->user_frame = line;
  tm->user_stack = {line};
  EXPECT_EQ(tm->failure_reason_with_origin(ones({4}).to_value()),
            "tensor 'L['x']' size mismatch at index 0. expected 3, actual 4");
}

TEST_F(GuardsTest, TensorMatchNamesTheFirstDifferingProperty) {
  SourcePtr x = Source::local("x", 0);
  auto g = tensor_match(*x, ones({3}), ones({3}));
  auto reason = [&](const Value& v) { return g->check(v) ? std::string("pass") : g->failure_reason(v); };
  EXPECT_EQ(reason(ones({3}).to_value()), "pass");
  EXPECT_EQ(reason(ones({3}, DType::Float64).to_value()), "tensor 'L['x']' dtype mismatch. expected Float, actual Double");
  Tensor leaf = ones({3});
  tensor::autograd_meta(leaf).requires_grad = true;
  EXPECT_EQ(reason(leaf.to_value()), "tensor 'L['x']' requires_grad mismatch. expected requires_grad=0");
  EXPECT_EQ(reason(ones({3, 1}).to_value()), "tensor 'L['x']' rank mismatch. expected 1, actual 2");
  Tensor strided = ops::call_tensor("slice.Tensor", ones({6}), 0, 0, 6, 2);
  EXPECT_EQ(reason(strided.to_value()), "tensor 'L['x']' stride mismatch at index 0. expected 1, actual 2");
  EXPECT_EQ(reason(Value::floating(1.0)), "expected type of 'L['x']' to be <class 'torch.Tensor'>, but found <class 'float'>");
}

TEST_F(GuardsTest, ConstantGuardsUseTheirCodeAsReason) {
  SourcePtr c = Source::local("c", 0);
  auto eq = equals_match(*c, Value::floating(1.5));
  EXPECT_TRUE(eq->check(Value::floating(1.5)));
  EXPECT_FALSE(eq->check(Value::floating(2.5)));
  EXPECT_FALSE(eq->check(Value::integer(1))); // another type never matches
  EXPECT_EQ(eq->failure_reason(Value::floating(2.5)), "L['c'] == 1.5");
  EXPECT_EQ(equals_match(*c, lang::str_value("a"))->code_part(), "L['c'] == 'a'");
  EXPECT_EQ(equals_match(*c, Value::none())->code_part(), "L['c'] is None");
  EXPECT_EQ(equals_match(*c, Value::boolean(true))->code_part(), "L['c'] == True");
  auto nan = equals_match(*c, Value::floating(NAN));
  EXPECT_EQ(nan->code_part(), "(type(L['c']) is float and __math_isnan(L['c']))");
  EXPECT_TRUE(nan->check(Value::floating(NAN)));
  EXPECT_TRUE(equals_match(*c, Value::integer(2))->check(Value::integer(2)));
  EXPECT_FALSE(equals_match(*c, Value::integer(1))->check(Value::boolean(true)));

  Value xs = lang::call(lang::getattr(Value(lang::import_module("builtins")), lang::intern("list")), {});
  EXPECT_EQ(length_check(*c, 0)->code_part(), "not L['c']");
  EXPECT_TRUE(length_check(*c, 0)->check(xs));
  EXPECT_EQ(length_check(*c, 2)->code_part(), "len(L['c']) == 2");
  EXPECT_FALSE(length_check(*c, 2)->check(xs));
  EXPECT_TRUE(type_match(*c, xs.type())->check(xs));
  EXPECT_FALSE(type_match(*c, xs.type())->check(Value::integer(1)));
  EXPECT_TRUE(id_match(*c, xs)->check(xs));
}

// The seed's LR-scheduler recompile reason, read through attribute, index
// and key accesses; a missing attribute fails at the access.
TEST_F(GuardsTest, NestedSourcesAreReadOnEveryCall) {
  lang::Ref<lang::Module> m = lang::run_module_source(
      "guards_nested", "<guards_nested>",
      "class Opt:\n    pass\nopt = Opt()\nopt.param_groups = [{'lr': 0.01}]\nbare = Opt()\n");
  Value opt = m->dict->get(lang::intern("opt"));
  SourcePtr lr = Source::dict_item(Source::item(Source::attr(Source::local("self", 0), "param_groups"), 0), "lr");
  RootGuardManager root;
  root.manager_for(lr).add(equals_match(*lr, Value::floating(0.01)));
  std::vector<Value> locals{opt};
  EXPECT_TRUE(root.check(input(locals)));
  lang::run_module_source("guards_nested_step", "<step>",
                          "import guards_nested\nguards_nested.opt.param_groups[0]['lr'] = 0.009\n");
  EXPECT_EQ(root.failure_reason(input(locals)), "L['self'].param_groups[0]['lr'] == 0.01");
  std::vector<Value> bare{m->dict->get(lang::intern("bare"))};
  EXPECT_EQ(root.failure_reason(input(bare)), "hasattr(L['self'], 'param_groups')");
  EXPECT_EQ(root.str(),
            "TREE_GUARD_MANAGER:\n"
            "+- RootGuardManager\n"
            "| +- GuardManager: source=L['self'], accessed_by=DictGetItemGuardAccessor(self)\n"
            "| | +- GuardManager: source=L['self'].param_groups, accessed_by=GetAttrGuardAccessor(param_groups)\n"
            "| | | +- GuardManager: source=L['self'].param_groups[0], accessed_by=GetItemGuardAccessor(0)\n"
            "| | | | +- GuardManager: source=L['self'].param_groups[0]['lr'], accessed_by=DictGetItemGuardAccessor(lr)\n"
            "| | | | | +- EQUALS_MATCH: L['self'].param_groups[0]['lr'] == 0.01\n");
}

TEST_F(GuardsTest, DictValueSourcesReadByKeyPosition) {
  // An optimizer's state is keyed by its parameters: a value is read by the
  // position of its key, whatever the key is.
  lang::Ref<lang::Module> m = lang::run_module_source(
      "guards_state", "<guards_state>",
      "class P:\n    pass\np0, p1 = P(), P()\nstate = {p0: {'step': 1.0}, p1: {'step': 2.0}}\n");
  SourcePtr step = Source::dict_item(Source::dict_value(Source::local("state", 0), 1), "step");
  EXPECT_EQ(step->str(), "L['state'][list(dict.keys(L['state']))[1]]['step']");
  std::vector<Value> locals{m->dict->get(lang::intern("state"))};
  EXPECT_EQ(lang::to_str(step->read(input(locals)))->view(), "2.0");
  RootGuardManager root;
  root.manager_for(step).add(equals_match(*step, Value::floating(2.0)));
  EXPECT_TRUE(root.check(input(locals)));
  lang::run_module_source("guards_state_pop", "<pop>", "import guards_state\nguards_state.state.pop(guards_state.p1)\n");
  EXPECT_FALSE(root.check(input(locals)));
  EXPECT_EQ(root.failure_reason(input(locals)), "len(L['state']) > 1");
}

TEST_F(GuardsTest, GlobalStateNamesWhatChanged) {
  auto g = global_state();
  EXPECT_TRUE(g->check(Value()));
  {
    ops::GradModeGuard no_grad(false);
    EXPECT_FALSE(g->check(Value()));
    EXPECT_EQ(g->failure_reason(Value()), "GLOBAL_STATE changed: grad_mode ");
  }
  EXPECT_TRUE(g->check(Value()));
}

} // namespace
} // namespace refc::dynamo
