// Unit tests of the ShapeEnv (reference_compiler/symbolic/shape_env.h):
// symbol creation (0/1 specialization, duck sizing, int and unbacked
// symbols), guarding with range refinement and replacement, the shape guards
// produce_guards gives (in PyTorch's text), what guards made so far decide,
// the data-dependent error, and mark_dynamic's constraint violation; plus
// symbolic SymInt arithmetic.
#include "reference_compiler/symbolic/shape_env.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/symbolic/int_program.h"
#include "reference_compiler/symbolic/expr_sym_node.h"

#include <gtest/gtest.h>

#include <memory>

namespace refc::symbolic {
namespace {

using tensor::SymInt;

class ShapeEnvTest : public ::testing::Test {
protected:
  void SetUp() override {
    lang::initialise();
    env = std::make_shared<ShapeEnv>(ShapeEnvConfig{}, [] { return UserLocation{"return x", "prog.py", 7, "f"}; });
  }
  static std::vector<std::string> texts(const std::vector<ProducedGuard>& guards) {
    std::vector<std::string> out;
    for (const ProducedGuard& g : guards) out.push_back(g.text);
    return out;
  }
  // Evaluates a produced guard with each source it reads given a value.
  static bool holds(const ProducedGuard& g, const std::map<std::string, int64_t>& values) {
    std::vector<int64_t> slots;
    IntProgram p = IntProgram::compile(g.expr, [&](const Expr& symbol) {
      for (const auto& [s, source] : g.reads)
        if (s == symbol) {
          slots.push_back(values.at(source));
          return static_cast<int>(slots.size() - 1);
        }
      ADD_FAILURE() << "no source for " << symbol.str();
      return 0;
    });
    return p.run(slots.data()) != 0;
  }
  std::shared_ptr<ShapeEnv> env;
};

TEST_F(ShapeEnvTest, SizesOfZeroAndOneAreConstants) {
  EXPECT_FALSE(env->create_size_symbol(0, "L['x'].size()[0]", DimDynamic::Dynamic).is_symbolic());
  EXPECT_EQ(env->create_size_symbol(1, "L['x'].size()[1]", DimDynamic::Dynamic).maybe_int(), 1);
  const SymInt s = env->create_size_symbol(5, "L['x'].size()[2]", DimDynamic::Dynamic);
  ASSERT_TRUE(s.is_symbolic());
  EXPECT_EQ(s.str(), "s0");
  EXPECT_EQ(s.hint(), 5);
  EXPECT_EQ(env->symbols()[0].range.str(), "[2, int_oo]");
}

TEST_F(ShapeEnvTest, DuckSizingSharesASymbolAndGuardsTheEquality) {
  const SymInt a = env->create_size_symbol(4, "L['x'].size()[0]", DimDynamic::Duck);
  const SymInt b = env->create_size_symbol(4, "L['y'].size()[0]", DimDynamic::Duck);
  const SymInt c = env->create_size_symbol(4, "L['z'].size()[0]", DimDynamic::Dynamic); // marked: its own
  EXPECT_EQ(a.str(), b.str());
  EXPECT_NE(a.str(), c.str());
  const std::vector<ProducedGuard> guards = env->produce_guards();
  ASSERT_FALSE(guards.empty());
  EXPECT_EQ(guards[0].text, "L['y'].size()[0] == L['x'].size()[0]");
  EXPECT_NE(guards[0].comment.find("duck sizing added this equality"), std::string::npos);
  EXPECT_TRUE(holds(guards[0], {{"L['x'].size()[0]", 6}, {"L['y'].size()[0]", 6}}));
  EXPECT_FALSE(holds(guards[0], {{"L['x'].size()[0]", 6}, {"L['y'].size()[0]", 7}}));
}

TEST_F(ShapeEnvTest, ABranchRefinesTheRangeAndTheRangeIsTheGuard) {
  const SymInt s = env->create_size_symbol(20, "L['x'].size()[0]", DimDynamic::Dynamic);
  EXPECT_FALSE(static_cast<bool>(s == 10)); // records Ne(s0, 10)
  EXPECT_TRUE(static_cast<bool>(s <= 30));  // records s0 <= 30, range [2, 30]
  EXPECT_EQ(env->guards().size(), 2u);
  EXPECT_EQ(env->symbols()[0].range.str(), "[2, 30]");
  const std::vector<ProducedGuard> guards = env->produce_guards();
  EXPECT_EQ(texts(guards), (std::vector<std::string>{"L['x'].size()[0] != 10", "2 <= L['x'].size()[0] <= 30"}));
  EXPECT_TRUE(holds(guards[1], {{"L['x'].size()[0]", 30}}));
  EXPECT_FALSE(holds(guards[1], {{"L['x'].size()[0]", 31}}));
  EXPECT_FALSE(holds(guards[0], {{"L['x'].size()[0]", 10}}));
  // Known now: no further guard.
  EXPECT_TRUE((s < 100).statically_true());
  EXPECT_EQ(env->guards().size(), 2u);
}

TEST_F(ShapeEnvTest, EqualityReplacesTheSymbolByItsValue) {
  const SymInt s = env->create_size_symbol(8, "L['x'].size()[0]", DimDynamic::Dynamic);
  EXPECT_TRUE(static_cast<bool>(s == 8));
  EXPECT_EQ(s.maybe_int(), 8); // specialized
  EXPECT_EQ((s * 2).maybe_int(), 16);
  EXPECT_EQ(texts(env->produce_guards()), (std::vector<std::string>{"L['x'].size()[0] == 8"}));
}

TEST_F(ShapeEnvTest, AGuardDecidesTheRelationsItImplies) {
  const SymInt a = env->create_size_symbol(3, "L['x'].size()[0]", DimDynamic::Dynamic);
  const SymInt b = env->create_size_symbol(5, "L['y'].size()[0]", DimDynamic::Dynamic);
  EXPECT_TRUE(static_cast<bool>(a < b)); // records s0 < s1
  EXPECT_TRUE((a <= b).statically_true());
  EXPECT_TRUE((b > a).statically_true());
  EXPECT_TRUE((a != b).statically_true());
  EXPECT_TRUE((a + 1 <= b).statically_true());
  EXPECT_EQ((a >= b).maybe_bool(), false);
  EXPECT_FALSE((a + 2 <= b).maybe_bool().has_value()); // not implied: 3 + 2 <= 5 would be a new guard
  EXPECT_TRUE(static_cast<bool>(b >= a));
  EXPECT_EQ(env->guards().size(), 1u);
}

TEST_F(ShapeEnvTest, ShapeGuardsPrintWithPythonOperators) {
  const SymInt s = env->create_size_symbol(4, "L['x'].size()[0]", DimDynamic::Dynamic);
  EXPECT_TRUE(static_cast<bool>(s.mod(2) == 0));
  EXPECT_TRUE(static_cast<bool>((s + 1).floordiv(2) == 2));
  EXPECT_EQ(texts(env->produce_guards()),
            (std::vector<std::string>{"(L['x'].size()[0] % 2) == 0", "((1 + L['x'].size()[0]) // 2) == 2",
                                      "2 <= L['x'].size()[0]"}));
}

TEST_F(ShapeEnvTest, IntSymbolsHaveNoRangeGuard) {
  const SymInt n = env->create_int_symbol(1, "L['n']");
  ASSERT_TRUE(n.is_symbolic()); // no 0/1 specialization for ints
  EXPECT_EQ(env->symbols()[0].range.str(), "[-int_oo, int_oo]");
  EXPECT_TRUE(env->produce_guards().empty());
}

TEST_F(ShapeEnvTest, ArithmeticBuildsExpressionsWithoutGuarding) {
  const SymInt s = env->create_size_symbol(6, "L['x'].size()[0]", DimDynamic::Dynamic);
  const SymInt t = (s * 2 + 4).floordiv(2);
  EXPECT_EQ(t.str(), "s0 + 2");
  EXPECT_EQ(t.hint(), 8);
  EXPECT_EQ(sym_max(s, SymInt(1)).str(), "s0"); // s0 >= 2
  EXPECT_TRUE(env->guards().empty());
  EXPECT_EQ(t.expect_int(), 8); // specializing guards
  EXPECT_EQ(env->guards().size(), 1u);
}

TEST_F(ShapeEnvTest, GuardingOnAnUnbackedSymbolRaisesTheDataDependentError) {
  const SymInt u = env->create_unbacked_int();
  EXPECT_EQ(u.str(), "u0");
  try {
    (void)static_cast<bool>(u > 0);
    FAIL() << "no error";
  } catch (const lang::PyError& e) {
    EXPECT_TRUE(is_data_dependent_error(e.exc));
    const std::string message(lang::to_str(e.exc)->view());
    EXPECT_NE(message.find("Could not guard on data-dependent expression u0 > 0"), std::string::npos) << message;
  }
  // torch._check(u0 > 0) tells it: then it is known, and asserted when the
  // graph runs (kept in canonical form, 0 < u0).
  env->defer_runtime_assert(gt(Expr::symbol("u0"), Expr(0)));
  EXPECT_TRUE((u >= 1).statically_true());
  ASSERT_EQ(env->runtime_asserts().size(), 1u);
  EXPECT_EQ(env->runtime_asserts()[0].expr.str(), "0 < u0");
  EXPECT_EQ(env->range_of(Expr::symbol("u0")).str(), "[1, int_oo]");
}

TEST_F(ShapeEnvTest, SpecializingAMarkedDimensionViolatesTheConstraint) {
  const SymInt s = env->create_size_symbol(8, "L['x'].size()[0]", DimDynamic::Dynamic, /*strict=*/true);
  EXPECT_TRUE(static_cast<bool>(s == 8));
  try {
    env->produce_guards();
    FAIL() << "no violation";
  } catch (const ConstraintViolation& v) {
    EXPECT_NE(v.message.find("Constraints violated (L['x'].size()[0])!"), std::string::npos) << v.message;
    EXPECT_NE(v.message.find("You marked L['x'].size()[0] as dynamic but your code specialized it to be a "
                             "constant (8)."),
              std::string::npos)
        << v.message;
  }
}

} // namespace
} // namespace refc::symbolic
