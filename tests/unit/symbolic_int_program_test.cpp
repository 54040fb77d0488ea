// Tests of IntProgram, the compiled form shape guards run: at random points
// a program's result equals the expression's value by substitution, for
// integers and booleans alike, Python's // and % hold for every sign, and a
// comparison of a slot with a constant is recognised as a range.
#include "reference_compiler/symbolic/int_program.h"
#include "tests/unit/symbolic_random_exprs.h"

#include <gtest/gtest.h>

namespace refc::symbolic {
namespace {

using testing::Case;
using testing::Generator;

TEST(SymbolicIntProgram, AgreesWithSubstitution) {
  Generator gen(1414213);
  int checked = 0, failures = 0;
  testing::for_each_built_case(gen, 4000, [&](const Case& c, const Expr& e) {
    IntProgram program = IntProgram::compile(e, [&](const Expr& s) {
      for (size_t k = 0; k < c.symbols.size(); ++k)
        if (c.symbols[k].symbol == s) return static_cast<int>(k);
      throw std::logic_error("a symbol not in the case");
    });
    for (int k = 0; k < 8; ++k) {
      std::vector<int64_t> p = gen.point(c);
      auto expected = testing::value_at(e, c, p);
      if (!expected) {
        continue; // no value there (a division by zero, or beyond int64)
      }
      int64_t got = 0;
      try {
        got = program.run(p.data());
      } catch (const std::domain_error&) {
        ADD_FAILURE() << e.str() << ": the program divides by zero where the expression has a value";
        continue;
      }
      ++checked;
      if (got != *expected && ++failures <= 20)
        ADD_FAILURE() << e.str() << ": program " << got << ", substitution " << *expected;
    }
  });
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 15000);
}

TEST(SymbolicIntProgram, PythonDivisionAndRemainder) {
  Expr a = Expr::symbol("u0"), b = Expr::symbol("u1");
  auto slots = [&](const Expr& s) { return s == a ? 0 : 1; };
  IntProgram div = IntProgram::compile(floordiv(a, b), slots);
  IntProgram rem = IntProgram::compile(mod(a, b), slots);
  const int64_t cases[][4] = {{7, 2, 3, 1}, {-7, 2, -4, 1}, {7, -2, -4, -1}, {-7, -2, 3, -1}, {6, 3, 2, 0}, {0, -5, 0, 0}};
  for (const auto& c : cases) {
    int64_t slots_values[2] = {c[0], c[1]};
    EXPECT_EQ(div.run(slots_values), c[2]) << c[0] << " // " << c[1];
    EXPECT_EQ(rem.run(slots_values), c[3]) << c[0] << " % " << c[1];
  }
  int64_t zero[2] = {1, 0};
  EXPECT_THROW(div.run(zero), std::domain_error);
}

TEST(SymbolicIntProgram, GuardsAreBooleans) {
  Expr s0 = Expr::positive_symbol("s0"), s1 = Expr::positive_symbol("s1");
  IntProgram guard = IntProgram::compile(logical_and(le(2, s0), eq(s0, s1)), [&](const Expr& s) { return s == s0 ? 0 : 1; });
  int64_t equal[2] = {4, 4}, unequal[2] = {4, 5}, small[2] = {1, 1};
  EXPECT_EQ(guard.run(equal), 1);
  EXPECT_EQ(guard.run(unequal), 0);
  EXPECT_EQ(guard.run(small), 0);
  EXPECT_THROW(IntProgram::compile(truediv(s0, s1), [](const Expr&) { return 0; }), std::invalid_argument);
}

// A comparison of a symbol with a constant, in either order, is a range of
// the slot, and the range decides exactly what the program does.
TEST(SymbolicIntProgram, AComparisonWithAConstantIsARange) {
  Expr s = Expr::symbol("u0");
  using Relation = Expr (*)(const Expr&, const Expr&);
  const Relation relations[] = {eq, ne, lt, le, gt, ge};
  int ranges = 0;
  for (Relation rel : relations)
    for (int64_t c : {-3, 0, 2, 7})
      for (bool symbol_first : {true, false}) {
        const Expr e = symbol_first ? rel(s, Expr(c)) : rel(Expr(c), s);
        const IntProgram program = IntProgram::compile(e, [](const Expr&) { return 0; });
        const std::optional<IntProgram::Range> r = program.as_range();
        if (rel == ne) {
          EXPECT_FALSE(r) << e.str(); // two intervals, not one
          continue;
        }
        ASSERT_TRUE(r) << e.str();
        ++ranges;
        EXPECT_EQ(r->slot, 0);
        for (int64_t v = -10; v <= 10; ++v)
          EXPECT_EQ(program.run(&v) != 0, r->lo <= v && v <= r->hi) << e.str() << " at " << v;
      }
  EXPECT_EQ(ranges, 40);
  const IntProgram sum = IntProgram::compile(le(s + Expr(1), Expr(3)), [](const Expr&) { return 0; });
  EXPECT_FALSE(sum.as_range()); // more than a comparison of the slot itself
}

} // namespace
} // namespace refc::symbolic
