// Random symbolic expressions for the symbolic layer's property tests: a
// seeded generator of expression trees over 1-4 symbols with random ranges
// (sums, products, //, %, ceildiv, ModularIndexing, max, min, powers,
// relations, And / Or / Not), each tree built through Expr's API and also
// evaluated directly by Python's rules — the value of the expression as
// written, before any construction-time rewrite.
#pragma once

#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/symbolic/value_range.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace refc::symbolic::testing {

enum class Op {
  Const, Symbol, Add, Sub, Mul, Neg, Pow, FloorDiv, Mod, CeilDiv, ModularIndexing, Max, Min,
  Eq, Ne, Lt, Le, Gt, Ge, And, Or, Not,
};

struct Tree {
  Op op = Op::Const;
  int64_t value = 0;  // Const; the exponent of Pow
  int symbol = 0;     // Symbol: index into the case's symbols
  std::vector<std::shared_ptr<Tree>> args;
};

struct SymbolSpec {
  Expr symbol;
  ValueRange range;
};

// One generated case: its symbols with their ranges, and a tree.
struct Case {
  std::vector<SymbolSpec> symbols;
  std::shared_ptr<Tree> tree;
  bool is_bool = false;

  RangeOf ranges() const {
    std::vector<SymbolSpec> specs = symbols;
    return [specs](const Expr& s) {
      for (const SymbolSpec& spec : specs)
        if (spec.symbol == s) return spec.range;
      return ValueRange::unknown();
    };
  }
};

inline Expr build(const Tree& t, const std::vector<SymbolSpec>& symbols) {
  auto a = [&](size_t i) { return build(*t.args[i], symbols); };
  switch (t.op) {
  case Op::Const: return Expr(t.value);
  case Op::Symbol: return symbols[t.symbol].symbol;
  case Op::Add: return a(0) + a(1);
  case Op::Sub: return a(0) - a(1);
  case Op::Mul: return a(0) * a(1);
  case Op::Neg: return -a(0);
  case Op::Pow: return pow_by_natural(a(0), Expr(t.value));
  case Op::FloorDiv: return floordiv(a(0), a(1));
  case Op::Mod: return mod(a(0), a(1));
  case Op::CeilDiv: return ceildiv(a(0), a(1));
  case Op::ModularIndexing: return modular_indexing(a(0), a(1), a(2));
  case Op::Max: return max(a(0), a(1));
  case Op::Min: return min(a(0), a(1));
  case Op::Eq: return eq(a(0), a(1));
  case Op::Ne: return ne(a(0), a(1));
  case Op::Lt: return lt(a(0), a(1));
  case Op::Le: return le(a(0), a(1));
  case Op::Gt: return gt(a(0), a(1));
  case Op::Ge: return ge(a(0), a(1));
  case Op::And: return logical_and(a(0), a(1));
  case Op::Or: return logical_or(a(0), a(1));
  case Op::Not: return logical_not(a(0));
  }
  return Expr();
}

// Python's value of the tree at a point (booleans 0 / 1); unset where a
// divisor is 0 or a value leaves int64.
inline std::optional<int64_t> evaluate(const Tree& t, const std::vector<int64_t>& point) {
  using I = __int128;
  constexpr I kMax = INT64_MAX, kMin = INT64_MIN;
  std::vector<int64_t> v;
  for (const auto& c : t.args) {
    auto x = evaluate(*c, point);
    if (!x) return std::nullopt;
    v.push_back(*x);
  }
  auto fits = [&](I x) -> std::optional<int64_t> {
    if (x > kMax || x < kMin) return std::nullopt;
    return static_cast<int64_t>(x);
  };
  auto floordiv = [](I a, I b) {
    I q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  };
  auto pymod = [&](I a, I b) { return a - b * floordiv(a, b); };
  switch (t.op) {
  case Op::Const: return t.value;
  case Op::Symbol: return point[t.symbol];
  case Op::Add: return fits(I(v[0]) + v[1]);
  case Op::Sub: return fits(I(v[0]) - v[1]);
  case Op::Mul: return fits(I(v[0]) * v[1]);
  case Op::Neg: return fits(-I(v[0]));
  case Op::Pow: {
    I r = 1;
    for (int64_t i = 0; i < t.value; ++i) {
      r *= v[0];
      if (r > kMax || r < kMin) return std::nullopt;
    }
    return fits(r);
  }
  case Op::FloorDiv:
    if (v[1] == 0) return std::nullopt;
    return fits(floordiv(v[0], v[1]));
  case Op::Mod:
    if (v[1] == 0) return std::nullopt;
    return fits(pymod(v[0], v[1]));
  case Op::CeilDiv: // PyTorch's CeilDiv: (a + (b - 1)) // b
    if (v[1] == 0) return std::nullopt;
    return fits(floordiv(I(v[0]) + v[1] - 1, v[1]));
  case Op::ModularIndexing:
    if (v[1] == 0 || v[2] == 0) return std::nullopt;
    return fits(pymod(floordiv(v[0], v[1]), v[2]));
  case Op::Max: return v[0] > v[1] ? v[0] : v[1];
  case Op::Min: return v[0] < v[1] ? v[0] : v[1];
  case Op::Eq: return v[0] == v[1];
  case Op::Ne: return v[0] != v[1];
  case Op::Lt: return v[0] < v[1];
  case Op::Le: return v[0] <= v[1];
  case Op::Gt: return v[0] > v[1];
  case Op::Ge: return v[0] >= v[1];
  case Op::And: return (v[0] != 0) && (v[1] != 0);
  case Op::Or: return (v[0] != 0) || (v[1] != 0);
  case Op::Not: return v[0] == 0;
  }
  return std::nullopt;
}

class Generator {
public:
  explicit Generator(uint64_t seed) : rng_(seed) {}

  Case next() {
    Case c;
    int n = pick(1, 4);
    for (int i = 0; i < n; ++i) c.symbols.push_back(symbol(i));
    symbols_ = static_cast<int>(c.symbols.size());
    c.is_bool = chance(0.4);
    c.tree = c.is_bool ? boolean(pick(1, 3)) : integer(pick(1, 4));
    return c;
  }

  // A point inside the case's ranges.
  std::vector<int64_t> point(const Case& c) {
    std::vector<int64_t> p;
    for (const SymbolSpec& s : c.symbols) {
      int64_t lo = s.range.lower_is_infinite() ? -40 : s.range.lo;
      int64_t hi = s.range.upper_is_infinite() ? lo + (chance(0.8) ? 40 : 5000) : s.range.hi;
      if (s.range.lower_is_infinite() && !s.range.upper_is_infinite()) lo = hi - 40;
      p.push_back(pick64(lo, hi));
    }
    return p;
  }

  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  int64_t pick64(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }

private:
  // Sizes (positive symbols) with lower bounds 1, 2, ... and integers
  // (no sign) with lower bounds 0, 1, 2 or none; finite or infinite upper
  // bounds.
  SymbolSpec symbol(int i) {
    static const int64_t lows[] = {0, 0, 1, 1, 2, 2, 3, -5};
    if (chance(0.55)) {
      int64_t lo = pick(1, 3);
      int64_t hi = chance(0.5) ? ValueRange::kPosInf : lo + pick(0, 64);
      return {Expr::positive_symbol("s" + std::to_string(i)), {lo, hi}};
    }
    if (chance(0.1)) return {Expr::symbol("u" + std::to_string(i)), ValueRange::unknown()};
    int64_t lo = lows[pick(0, 7)];
    int64_t hi = chance(0.5) ? ValueRange::kPosInf : lo + pick(0, 64);
    return {Expr::symbol("u" + std::to_string(i)), {lo, hi}};
  }

  std::shared_ptr<Tree> node(Op op, std::vector<std::shared_ptr<Tree>> args, int64_t value = 0) {
    auto t = std::make_shared<Tree>();
    t->op = op;
    t->args = std::move(args);
    t->value = value;
    return t;
  }

  std::shared_ptr<Tree> leaf() {
    if (chance(0.65)) {
      auto t = node(Op::Symbol, {});
      t->symbol = pick(0, symbols_ - 1);
      return t;
    }
    static const int64_t constants[] = {0, 1, 2, 3, 4, 8, 16, -1, -2, 5, 7, 64};
    return node(Op::Const, {}, constants[pick(0, 11)]);
  }

  std::shared_ptr<Tree> divisor(int depth) {
    if (chance(0.5)) return node(Op::Const, {}, std::vector<int64_t>{1, 2, 3, 4, 8, 16, -2}[pick(0, 6)]);
    return integer(depth - 1);
  }

  std::shared_ptr<Tree> integer(int depth) {
    if (depth <= 0 || chance(0.2)) return leaf();
    int r = pick(0, 99);
    if (r < 20) return node(Op::Add, {integer(depth - 1), integer(depth - 1)});
    if (r < 30) return node(Op::Sub, {integer(depth - 1), integer(depth - 1)});
    if (r < 46) return node(Op::Mul, {integer(depth - 1), integer(depth - 1)});
    if (r < 49) return node(Op::Neg, {integer(depth - 1)});
    if (r < 53) return node(Op::Pow, {integer(depth - 1)}, pick(0, 3));
    if (r < 64) return node(Op::FloorDiv, {integer(depth - 1), divisor(depth)});
    if (r < 74) return node(Op::Mod, {integer(depth - 1), divisor(depth)});
    if (r < 78) return node(Op::CeilDiv, {integer(depth - 1), node(Op::Const, {}, pick(1, 8))});
    if (r < 81) return node(Op::ModularIndexing, {integer(depth - 1), divisor(depth), node(Op::Const, {}, pick(1, 8))});
    if (r < 91) return node(Op::Max, {integer(depth - 1), integer(depth - 1)});
    return node(Op::Min, {integer(depth - 1), integer(depth - 1)});
  }

  std::shared_ptr<Tree> boolean(int depth) {
    int r = pick(0, 99);
    if (depth <= 0 || r < 55) {
      static const Op rels[] = {Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge};
      return node(rels[pick(0, 5)], {integer(pick(0, 2)), integer(pick(0, 2))});
    }
    if (r < 75) return node(Op::And, {boolean(depth - 1), boolean(depth - 1)});
    if (r < 92) return node(Op::Or, {boolean(depth - 1), boolean(depth - 1)});
    return node(Op::Not, {boolean(depth - 1)});
  }

  std::mt19937_64 rng_;
  int symbols_ = 1;
};

// The expression's value at a point, by substitution (unset where
// undefined).
inline std::optional<int64_t> value_at(const Expr& e, const Case& c, const std::vector<int64_t>& point) {
  std::vector<std::pair<Expr, Expr>> subs;
  for (size_t i = 0; i < c.symbols.size(); ++i) subs.emplace_back(c.symbols[i].symbol, Expr(point[i]));
  try {
    Expr v = e.subs(subs);
    if (auto b = v.as_bool()) return *b ? 1 : 0;
    return v.as_int();
  } catch (const std::domain_error&) { // division by zero
    return std::nullopt;
  } catch (const std::overflow_error&) { // a power beyond int64
    return std::nullopt;
  }
}

// Draws `count` cases from `gen` and calls f(case, expression) for each
// whose expression builds (a constant division by zero, as sympy raises,
// does not); f may draw more from `gen`, in the same order as before.
template <class F> void for_each_built_case(Generator& gen, int count, F f) {
  for (int i = 0; i < count; ++i) {
    Case c = gen.next();
    Expr e;
    try {
      e = build(*c.tree, c.symbols);
    } catch (const std::domain_error&) {
      continue;
    }
    f(c, e);
  }
}

} // namespace refc::symbolic::testing
