// Tests of the symbolic layer's range analysis: at random points inside
// the symbols' ranges, every expression's value lies inside bound(), and
// every condition static_truth() decides has the decided value.
#include "reference_compiler/symbolic/bound.h"
#include "tests/unit/symbolic_random_exprs.h"

#include <gtest/gtest.h>

namespace refc::symbolic {
namespace {

using testing::Case;
using testing::Generator;

std::string describe(const Case& c, const std::vector<int64_t>& point) {
  std::string out;
  for (size_t i = 0; i < c.symbols.size(); ++i)
    out += std::string(c.symbols[i].symbol.symbol_name()) + " in " + c.symbols[i].range.str() + " = " +
           std::to_string(point[i]) + "; ";
  return out;
}

TEST(SymbolicBound, ValuesLieInTheBound) {
  Generator gen(271828);
  int checked = 0, failures = 0, finite = 0;
  testing::for_each_built_case(gen, 4000, [&](const Case& c, const Expr& e) {
    ValueRange r = bound(e, c.ranges());
    if (!r.lower_is_infinite() || !r.upper_is_infinite()) ++finite;
    for (int k = 0; k < 8; ++k) {
      std::vector<int64_t> p = gen.point(c);
      auto v = testing::value_at(e, c, p);
      if (!v) continue;
      ++checked;
      if (!r.contains(*v) && ++failures <= 20)
        ADD_FAILURE() << e.str() << " = " << *v << " outside " << r.str() << " at " << describe(c, p);
    }
  });
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 20000);
  EXPECT_GT(finite, 2000) << "the bounds should mostly say something";
}

TEST(SymbolicBound, StaticTruthAgreesWithPoints) {
  Generator gen(161803);
  int decided = 0, checked = 0, failures = 0;
  for (int i = 0; i < 6000; ++i) {
    Case c = gen.next();
    if (!c.is_bool) continue;
    Expr e;
    try {
      e = testing::build(*c.tree, c.symbols);
    } catch (const std::domain_error&) {
      continue;
    }
    auto truth = static_truth(e, c.ranges());
    if (!truth) continue;
    ++decided;
    for (int k = 0; k < 8; ++k) {
      std::vector<int64_t> p = gen.point(c);
      auto v = testing::value_at(e, c, p);
      if (!v) continue;
      ++checked;
      if ((*v != 0) != *truth && ++failures <= 20)
        ADD_FAILURE() << e.str() << " decided " << *truth << " but is " << *v << " at " << describe(c, p);
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(decided, 300);
  EXPECT_GT(checked, 2000);
}

// Known answers: the ranges decide, by the bound or by restating the
// symbols as shifted positive ones (_maybe_evaluate_static's way).
TEST(SymbolicBound, DecidesWhatTheRangesImply) {
  Expr s0 = Expr::positive_symbol("s0"), s1 = Expr::positive_symbol("s1"), u0 = Expr::symbol("u0");
  RangeOf ranges = [&](const Expr& s) {
    if (s == s0) return ValueRange{3, ValueRange::kPosInf};
    if (s == s1) return ValueRange{2, 8};
    return ValueRange::unknown();
  };
  EXPECT_EQ(bound(s0 * 2 + 1, ranges), (ValueRange{7, ValueRange::kPosInf}));
  EXPECT_EQ(bound(floordiv(s1, 2), ranges), (ValueRange{1, 4}));
  EXPECT_EQ(bound(mod(u0, s1), ranges), (ValueRange{0, 7}));
  EXPECT_EQ(bound(max(s1, 5), ranges), (ValueRange{5, 8}));
  EXPECT_EQ(bound(s0 - s0 * 0 + u0 * 0, ranges), (ValueRange{3, ValueRange::kPosInf}));
  EXPECT_EQ(static_truth(eq(s0, 2), ranges), false);
  EXPECT_EQ(static_truth(ge(s0 + s1, 5), ranges), true);
  EXPECT_EQ(static_truth(lt(s1, 8), ranges), std::nullopt);
  // s0**2 - 5*s0 + 7 > 0 for s0 >= 3: intervals alone cannot see it, nor can
  // sympy for a positive s0; as t**2 - t + 1 with t = s0 - 2 positive, it can.
  Expr quadratic = gt(s0 * s0 - 5 * s0 + 7, 0);
  EXPECT_FALSE(quadratic.as_bool());
  EXPECT_EQ(bound(quadratic, ranges), ValueRange::boolean());
  EXPECT_EQ(static_truth(quadratic, ranges), true);
  EXPECT_EQ(static_truth(logical_and(gt(s0, 2), le(s1, 8)), ranges), true);
  EXPECT_EQ(static_truth(logical_or(lt(s0, 2), gt(u0, 0)), ranges), std::nullopt);
}

} // namespace
} // namespace refc::symbolic
