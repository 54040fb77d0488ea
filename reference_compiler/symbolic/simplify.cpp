// Range-aware simplification (ShapeEnv.simplify and what
// _maybe_evaluate_static decides), bottom-up through the construction rules.
#include "reference_compiler/symbolic/simplify.h"

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/assumptions.h"
#include "reference_compiler/symbolic/bound.h"
#include "reference_compiler/symbolic/build.h"
#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/sort_key.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

class Simplifier {
public:
  explicit Simplifier(const RangeOf& ranges) : ranges_(ranges) {}

  ex run(const ex& e0) {
    ex e = unheld(e0);
    std::vector<ex> args = sympy_args(e);
    if (args.empty()) return e;
    bool changed = false;
    for (ex& a : args) {
      ex r = run(a);
      if (!r.is_equal(a)) changed = true, a = r;
    }
    try {
      ex node = changed ? build::rebuild(e, args) : e;
      return rewrite(node);
    } catch (const build::DivisionByZero&) {
      return e; // a divisor the ranges make 0: the expression has no value there; left as it is
    }
  }

private:
  ValueRange range(const ex& e) { return bound(Expr::from_ginac(e), ranges_); }

  // PyTorch's definitely_le in ShapeEnv.simplify: equal, or the difference
  // is nonnegative by sympy's assumptions or by its bound; for Max(0 or 1, b)
  // also by what the ranges decide about a <= b.
  bool definitely_le(const ex& a, const ex& b, bool static_fallback) {
    if (a.is_equal(b)) return true;
    ex diff = build::expand_products(build::subtract(b, a));
    if (is_true(ask_nonnegative(diff))) return true;
    if (range(diff).lo >= 0) return true;
    if (static_fallback) {
      auto t = static_truth(Expr::from_ginac(build::relation(RelOp::Le, a, b)), ranges_);
      return t && *t;
    }
    return false;
  }

  ex prune_min_max(const ex& e, Function f) {
    std::vector<ex> args = sympy_args(e);
    bool is_min = f == Function::Min;
    bool legacy_fallback = !is_min && args.size() == 2;
    std::vector<bool> keep(args.size(), true);
    auto zero_or_one = [](const ex& x) { return is_numeric(x) && (numeric_of(x) == 0 || numeric_of(x) == 1); };
    for (size_t i = 0; i < args.size(); ++i) {
      if (!keep[i]) continue;
      for (size_t j = i + 1; j < args.size(); ++j) {
        if (!keep[j]) continue;
        if (definitely_le(args[i], args[j], legacy_fallback && zero_or_one(args[i]))) {
          if (is_min) {
            keep[j] = false;
          } else {
            keep[i] = false;
            break;
          }
        } else if (definitely_le(args[j], args[i], legacy_fallback && zero_or_one(args[j]))) {
          if (is_min) {
            keep[i] = false;
            break;
          }
          keep[j] = false;
        }
      }
    }
    std::vector<ex> kept;
    for (size_t i = 0; i < args.size(); ++i)
      if (keep[i]) kept.push_back(args[i]);
    if (kept.size() == args.size()) return e;
    if (kept.size() == 1) return kept[0];
    return make_function(f, ordered(kept)); // Max(*kept, evaluate=False)
  }

  ex rewrite(const ex& e) {
    if (is_relation(e)) {
      if (auto t = static_truth(Expr::from_ginac(e), ranges_)) return build::boolean(*t);
      return e;
    }
    auto f = function_of(e);
    if (!f) return e;
    switch (*f) {
    case Function::Max:
    case Function::Min: return prune_min_max(e, *f);
    case Function::TruncToInt:
      if (is_function(e.op(0), Function::IntTrueDiv)) {
        ex base = e.op(0).op(0), divisor = e.op(0).op(1);
        ex m = build::mod(base, divisor);
        if (is_numeric(m) && numeric_of(m).is_zero()) return build::clean_div(base, divisor);
        return build::floor_div(base, divisor);
      }
      return e;
    case Function::FloorDiv:
    case Function::CleanDiv: {
      ValueRange a = range(e.op(0)), b = range(e.op(1));
      if (a.lo >= 0 && b.lo > 0 && a.hi < b.lo) return 0;
      return e;
    }
    case Function::PythonMod:
    case Function::Mod: {
      ValueRange a = range(e.op(0)), b = range(e.op(1));
      if (a.lo >= 0 && b.lo > 0 && a.hi < b.lo) return e.op(0);
      return e;
    }
    default: return e;
    }
  }

  const RangeOf& ranges_;
};

} // namespace

Expr simplify(const Expr& e, const RangeOf& ranges) {
  Simplifier s(ranges);
  ex x = s.run(build::expand_products(e.ginac()));
  Expr out = Expr::from_ginac(x);
  // What the ranges alone decide about the whole (_maybe_evaluate_static).
  if (out.is_boolean()) {
    if (auto t = static_truth(out, ranges)) return Expr::boolean(*t);
  } else if (out.is_integer()) {
    ValueRange r = bound(out, ranges);
    if (r.is_singleton() && r.lo != ValueRange::kNegInf && r.lo != ValueRange::kPosInf) return Expr(r.lo);
  }
  return out;
}

Expr mod(const Expr& a, const Expr& b, const RangeOf& ranges) {
  auto nonnegative = [&](const Expr& x) { return is_true(facts(x.ginac()).nonnegative) || bound(x, ranges).lo >= 0; };
  if (nonnegative(a) && nonnegative(b)) return Expr::from_ginac(build::mod(a.ginac(), b.ginac()));
  return Expr::from_ginac(build::python_mod(a.ginac(), b.ginac()));
}

} // namespace refc::symbolic
