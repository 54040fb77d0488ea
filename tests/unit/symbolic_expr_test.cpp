// Tests of the symbolic layer's API beyond printing: symbols and their
// identity, free symbols in sympy's order, substitution, relations'
// parts, equality and hashing, errors, ValueRange's printing and algebra,
// and the Z3 bridge's implication and model questions.
#include "reference_compiler/symbolic/bound.h"
#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/symbolic/value_range.h"
#include "reference_compiler/symbolic/z3_bridge.h"

#include <gtest/gtest.h>

#include <limits>
#include <unordered_set>

namespace refc::symbolic {
namespace {

Expr s(const char* name) { return Expr::positive_symbol(name); }

TEST(SymbolicExpr, SymbolsAreInternedByNameAndKind) {
  EXPECT_EQ(s("s0"), s("s0"));
  EXPECT_NE(s("s0"), Expr::symbol("s0")); // sympy: different assumptions, different symbols
  EXPECT_EQ(Expr::symbol("s0").str(), "s0");
  EXPECT_TRUE(s("s0").is_symbol());
  EXPECT_EQ(s("s3").symbol_name(), "s3");
  EXPECT_TRUE(Expr::symbol("u0").is_integer());
  EXPECT_FALSE(Expr::real_symbol("zf0").is_integer());
  EXPECT_FALSE((s("s0") + 1).is_symbol());
}

TEST(SymbolicExpr, FreeSymbolsInSympysOrder) {
  Expr e = s("s2") * s("s10") + s("s1") + floordiv(s("s0"), Expr::symbol("u7"));
  std::vector<std::string> names;
  for (const Expr& x : e.free_symbols()) names.emplace_back(x.symbol_name());
  EXPECT_EQ(names, (std::vector<std::string>{"s0", "s1", "s10", "s2", "u7"}));
  EXPECT_TRUE(e.has(s("s10")));
  EXPECT_FALSE(e.has(s("s3")));
  EXPECT_FALSE(e.has(Expr::symbol("s1")));
}

TEST(SymbolicExpr, SubstitutionFoldsThroughTheRules) {
  Expr s0 = s("s0"), s1 = s("s1");
  std::pair<Expr, Expr> three[] = {{s0, Expr(3)}};
  EXPECT_EQ(eq(s0, 3).subs(three), Expr::boolean(true));
  EXPECT_EQ(floordiv(s0 * 4 + s1, 2).str(), "2*s0 + ((s1//2))");
  EXPECT_EQ(floordiv(s0 * 4 + s1, 2).subs(three).str(), "((s1//2)) + 6");
  std::pair<Expr, Expr> two[] = {{s1, Expr(2)}};
  EXPECT_EQ(floordiv(s0 * s1 + 1, s1).subs(two), s0); // (2*s0 + 1)//2 is s0
  std::pair<Expr, Expr> swap[] = {{s0, s1}, {s1, s0}};
  EXPECT_EQ((s0 - 2 * s1).subs(swap), s1 - 2 * s0);
  std::pair<Expr, Expr> sizes[] = {{s0, Expr(6)}, {s1, Expr(4)}};
  EXPECT_EQ(max(s0, s1 * 2).subs(sizes).as_int(), 8);
  EXPECT_EQ(mod(s0 + s1, s1).subs(sizes).as_int(), 2);
}

TEST(SymbolicExpr, RelationsExposeTheirParts) {
  Expr r = ge(s("s0"), 3);
  EXPECT_EQ(r.relation(), Expr::Rel::Ge);
  EXPECT_EQ(r.lhs(), s("s0"));
  EXPECT_EQ(r.rhs().as_int(), 3);
  EXPECT_TRUE(r.is_boolean());
  EXPECT_EQ(eq(s("s0"), s("s1")).relation(), Expr::Rel::Eq);
  EXPECT_EQ(logical_not(lt(s("s0"), s("s1"))).relation(), Expr::Rel::Ge);
  EXPECT_EQ((s("s0") + 1).relation(), Expr::Rel::None);
  EXPECT_EQ(Expr::boolean(true).as_bool(), true);
  EXPECT_TRUE(Expr::boolean(false).is_boolean());
}

TEST(SymbolicExpr, CanonicalFormDecidesEqualityAndHash) {
  Expr a = s("s0") * s("s1") + 2 * s("s0") + 1;
  Expr b = 1 + s("s0") * (s("s1") + 2) - s("s0") * s("s1") + s("s0") * s("s1");
  EXPECT_NE(a, b); // s0*(s1 + 2) is kept as a product, as sympy keeps it
  Expr c = Expr(1) + s("s1") * s("s0") + s("s0") * 2;
  EXPECT_EQ(a, c);
  EXPECT_EQ(a.hash(), c.hash());
  std::unordered_set<Expr> set{a, c, b};
  EXPECT_EQ(set.size(), 2u);
}

TEST(SymbolicExpr, ConstantsAndKinds) {
  EXPECT_EQ(Expr().as_int(), 0);
  EXPECT_EQ(Expr(size_t{3}).as_int(), 3); // any integer type
  EXPECT_EQ(Expr(int8_t{-2}).as_int(), -2);
  EXPECT_FALSE(Expr(std::numeric_limits<uint64_t>::max()).as_int()); // exact, beyond int64
  EXPECT_EQ((Expr(6) * 7).as_int(), 42);
  Expr big = pow_by_natural(Expr(2), Expr(62)) * 4;
  EXPECT_FALSE(big.as_int()); // beyond int64
  EXPECT_TRUE(big.is_number());
  EXPECT_EQ(truediv(s("s0"), 2).str(), "IntTrueDiv(s0, 2)");
  EXPECT_EQ(truediv(Expr::real_symbol("zf0"), s("s0")).str(), "FloatTrueDiv(zf0, ToFloat(s0))");
  EXPECT_EQ(truediv(Expr(3), Expr(2)).as_float(), 1.5);
  EXPECT_EQ(Expr::real(0.25).str(), "0.250000000000000");
  EXPECT_EQ((Expr::real_symbol("zf0") + Expr::real(0.25)).str(), "zf0 + 0.25");
}

TEST(SymbolicExpr, ErrorsAsSympyRaisesThem) {
  EXPECT_THROW(floordiv(s("s0"), 0), std::domain_error);
  EXPECT_THROW(mod(s("s0"), 0), std::domain_error);
  EXPECT_THROW(eq(s("s0"), 1) + 1, std::invalid_argument);
  EXPECT_THROW(logical_and(s("s0"), eq(s("s0"), 1)), std::invalid_argument);
  EXPECT_THROW(s("s0").lhs(), std::logic_error);
}

TEST(SymbolicExpr, PrintingWithSourcesKeepsSympysOrder) {
  Expr e = s("s10") + s("s2") * 2 - 1;
  EXPECT_EQ(e.str(), "s10 + 2*s2 - 1");
  EXPECT_EQ(e.str([](std::string_view name) { return "L['" + std::string(name) + "']"; }), "L['s10'] + 2*L['s2'] - 1");
}

TEST(SymbolicValueRange, PrintsAsPyTorch) {
  EXPECT_EQ((ValueRange{2, ValueRange::kPosInf}).str(), "[2, int_oo]");
  EXPECT_EQ(ValueRange::unknown().vr_str(), "VR[-int_oo, int_oo]");
  EXPECT_EQ(ValueRange::singleton(8).vr_str(), "VR[8, 8]");
  EXPECT_EQ((ValueRange{-3, 0}).str(), "[-3, 0]");
}

TEST(SymbolicValueRange, IntervalAlgebra) {
  ValueRange a{2, 10}, b{5, ValueRange::kPosInf};
  EXPECT_EQ(a.intersect(b), (ValueRange{5, 10}));
  EXPECT_EQ(a.join(b), (ValueRange{2, ValueRange::kPosInf}));
  EXPECT_TRUE(a.contains(2));
  EXPECT_FALSE(a.contains(11));
  EXPECT_TRUE(b.contains(ValueRange{6, 7}));
  EXPECT_FALSE(a.contains(b));
  EXPECT_TRUE(ValueRange::singleton(3).is_singleton());
  EXPECT_TRUE(b.upper_is_infinite());
  EXPECT_FALSE(b.lower_is_infinite());
  EXPECT_THROW(a.intersect(ValueRange{11, 12}), std::domain_error);
  // A symbol's kind narrows its range: a size is at least 1.
  EXPECT_EQ(symbol_range(s("s0"), [](const Expr&) { return ValueRange::unknown(); }), (ValueRange{1, ValueRange::kPosInf}));
}

TEST(SymbolicZ3, ImplicationsAndModels) {
  Expr s0 = s("s0"), s1 = s("s1");
  RangeOf any = [](const Expr&) { return ValueRange::unknown(); };
  Expr premise[] = {ge(s0, 3), eq(s1, 2 * s0)};
  EXPECT_TRUE(z3_implies(premise, gt(s1, 5), any));
  EXPECT_FALSE(z3_implies(premise, gt(s1, 6), any));
  Z3Verdict v = z3_check_implies(premise, gt(s1, 6), any);
  ASSERT_EQ(v.answer, Z3Answer::Refuted);
  EXPECT_EQ(v.counterexample, (Z3Model{{"s0", 3}, {"s1", 6}}));
  EXPECT_TRUE(z3_equivalent(floordiv(2 * s0 + 1, 2), s0, any));
  EXPECT_TRUE(z3_equivalent(mod(s0, 2) + 2 * floordiv(s0, 2), s0, any));
  EXPECT_FALSE(z3_equivalent(floordiv(s0, 2), floordiv(s0 + 1, 2), any));
  Expr constraints[] = {eq(s0 * s1, 12), lt(s0, s1), ge(s0, 2)};
  auto model = z3_model(constraints, any);
  ASSERT_TRUE(model);
  std::vector<std::pair<Expr, Expr>> values;
  for (const auto& [name, value] : *model) values.emplace_back(s(name.c_str()), Expr(value));
  for (const Expr& c : constraints) EXPECT_EQ(c.subs(values), Expr::boolean(true)) << c.str();
  Expr impossible[] = {lt(s0, 1)};
  EXPECT_FALSE(z3_model(impossible, any));
}

} // namespace
} // namespace refc::symbolic
