// Tests of the symbolic layer's rewriting against independent references:
// construction-time rules (FloorDiv, Mod, Max, relations, ...) against the
// expression as written, evaluated by Python's rules at points in the
// symbols' ranges; and simplify() against Z3, which must prove the
// simplified expression equal to the original over the ranges.
#include "reference_compiler/symbolic/int_program.h"
#include "reference_compiler/symbolic/simplify.h"
#include "reference_compiler/symbolic/z3_bridge.h"
#include "tests/unit/symbolic_random_exprs.h"

#include <gtest/gtest.h>

#include <chrono>

namespace refc::symbolic {
namespace {

using testing::Case;
using testing::Generator;

std::string describe(const Case& c) {
  std::string out;
  for (const auto& s : c.symbols) out += std::string(s.symbol.symbol_name()) + " in " + s.range.str() + "; ";
  return out;
}

std::string model_text(const Z3Model& m) {
  std::string out;
  for (const auto& [name, value] : m) out += name + "=" + std::to_string(value) + " ";
  return out;
}

TEST(SymbolicRewrites, ConstructionRulesKeepTheValueOfTheExpressionAsWritten) {
  Generator gen(20140101);
  int checked = 0, failures = 0;
  testing::for_each_built_case(gen, 4000, [&](const Case& c, const Expr& e) {
    for (int k = 0; k < 6; ++k) {
      std::vector<int64_t> p = gen.point(c);
      auto expected = testing::evaluate(*c.tree, p);
      if (!expected) continue;
      auto got = testing::value_at(e, c, p);
      ++checked;
      if (got != expected && ++failures <= 20)
        ADD_FAILURE() << e.str() << " with " << describe(c) << " at point #" << k << ": expected " << *expected
                      << ", got " << (got ? std::to_string(*got) : "undefined");
    }
  });
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 15000);
}

TEST(SymbolicRewrites, SimplifiedExpressionsAreEquivalentByZ3) {
  auto start = std::chrono::steady_clock::now();
  Generator gen(31415926);
  int proved = 0, unknown = 0, failures = 0, changed = 0;
  const int total = 10000;
  testing::for_each_built_case(gen, total, [&](const Case& c, const Expr& e) {
    RangeOf ranges = c.ranges();
    Expr s = simplify(e, ranges);
    if (s != e) ++changed;
    Z3Verdict v = z3_check_equivalent(e, s, ranges, 50);
    if (v.answer == Z3Answer::Proved) {
      ++proved;
    } else if (v.answer == Z3Answer::Unknown) {
      ++unknown;
    } else if (++failures <= 20) {
      // The counterexample, checked by substitution.
      std::vector<int64_t> point;
      for (const auto& spec : c.symbols) {
        int64_t value = 0;
        for (const auto& [name, x] : v.counterexample)
          if (name == spec.symbol.symbol_name()) value = x;
        point.push_back(value);
      }
      auto before = testing::value_at(e, c, point), after = testing::value_at(s, c, point);
      ADD_FAILURE() << e.str() << "\n  simplified: " << s.str() << "\n  ranges: " << describe(c)
                    << "\n  counterexample: " << model_text(v.counterexample) << "-> "
                    << (before ? std::to_string(*before) : "undefined") << " vs "
                    << (after ? std::to_string(*after) : "undefined");
    }
  });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(failures, 0);
  // Z3 may give up on a few nonlinear cases; almost all must be proved.
  EXPECT_LE(unknown, total / 200) << "unknown: " << unknown;
  EXPECT_GT(changed, total / 5) << "simplify changed too few expressions to test it";
  std::printf("simplify vs Z3: %d proved, %d unknown, %d changed by simplify, %.1f s\n", proved, unknown, changed,
              seconds);
}

// The rewrites ShapeEnv.simplify is known for, on their own.
TEST(SymbolicRewrites, KnownSimplifications) {
  Expr s0 = Expr::positive_symbol("s0"), u0 = Expr::symbol("u0"), u1 = Expr::symbol("u1");
  RangeOf ranges = [&](const Expr& x) {
    if (x == s0) return ValueRange{2, 100};
    if (x == u0) return ValueRange{1, ValueRange::kPosInf};
    return ValueRange::unknown();
  };
  // on construction
  EXPECT_EQ(mod(s0, 1), Expr(0));
  EXPECT_EQ(floordiv(s0, 1), s0);
  EXPECT_EQ(max(s0, 1), s0); // s0 is positive
  EXPECT_EQ(floordiv(4 * s0 + 2, 2), 2 * s0 + 1);
  EXPECT_EQ(mod(2 * s0, 2), Expr(0));
  EXPECT_EQ(max(u0, 1).str(), "Max(1, u0)");
  EXPECT_EQ(eq(s0, 1).str(), "Eq(s0, 1)");
  // by the ranges
  EXPECT_EQ(simplify(max(u0, 1), ranges), u0);
  EXPECT_EQ(simplify(min(s0, 100), ranges), s0);
  EXPECT_EQ(simplify(eq(s0, 1), ranges), Expr::boolean(false));
  EXPECT_EQ(simplify(lt(s0, 101), ranges), Expr::boolean(true));
  EXPECT_EQ(simplify(logical_and(ge(s0, 2), eq(u1, 3)), ranges), eq(u1, 3));
  EXPECT_EQ(simplify(floordiv(s0, 128), ranges), Expr(0));
  EXPECT_EQ(simplify(mod(s0, 128), ranges), s0);
  EXPECT_EQ(simplify(s0 * (s0 + 1), ranges).str(), "s0**2 + s0");
  EXPECT_EQ(simplify(max(u1, u1 + 1), ranges).str(), "u1 + 1");
  EXPECT_EQ(simplify(eq(u1, 3), ranges).str(), "Eq(u1, 3)");
  // a % b picks Mod when the ranges make both sides nonnegative
  EXPECT_EQ(mod(u0, s0).str(), "PythonMod(u0, s0)");
  EXPECT_EQ(mod(u0, s0, ranges).str(), "Mod(u0, s0)");
}

} // namespace
} // namespace refc::symbolic
