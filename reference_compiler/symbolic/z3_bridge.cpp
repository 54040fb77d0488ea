// The translation of expressions to Z3 and the three questions asked of it.
#include "reference_compiler/symbolic/z3_bridge.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <ginac/ginac.h>
#include <z3++.h>

#include "reference_compiler/symbolic/bound.h"
#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/symbol_table.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

z3::context& context() {
  static z3::context* ctx = new z3::context; // one per process: creating a context costs milliseconds
  return *ctx;
}

class Translator {
public:
  Translator(z3::context& ctx, const RangeOf& ranges) : ctx_(ctx), ranges_(ranges), defined_(ctx.bool_val(true)) {}

  z3::expr of(const ex& e0) {
    ex e = unheld(e0);
    switch (node_kind(e)) {
    case NodeKind::Integer: return ctx_.int_val(numeric_text(numeric_of(e)).c_str());
    case NodeKind::Rational:
      return ctx_.real_val((numeric_text(numeric_of(e).numer()) + "/" + numeric_text(numeric_of(e).denom())).c_str());
    case NodeKind::Float: return ctx_.real_val(std::to_string(numeric_of(e).to_double()).c_str());
    case NodeKind::Symbol: return symbol(e);
    case NodeKind::Add: return fold(add_terms(e), [](const z3::expr& a, const z3::expr& b) { return a + b; });
    case NodeKind::Mul: return fold(mul_factors(e), [](const z3::expr& a, const z3::expr& b) { return a * b; });
    case NodeKind::Pow: {
      z3::expr base = of(e.op(0));
      const ex& n = e.op(1);
      if (!is_integer_number(n)) throw std::invalid_argument("z3: a non-integer power");
      long k = numeric_of(n).to_long();
      z3::expr r = base.is_int() ? ctx_.int_val(1) : ctx_.real_val(1);
      for (long i = 0; i < (k < 0 ? -k : k); ++i) r = r * base;
      if (k < 0) {
        defined_ = defined_ && base != 0;
        return ctx_.real_val(1) / (r.is_int() ? z3::to_real(r) : r);
      }
      return r;
    }
    case NodeKind::Relation: {
      z3::expr a = of(e.lhs()), b = of(e.rhs());
      if (a.is_bool() != b.is_bool()) {
        a = as_int(a), b = as_int(b);
      } else if (!a.is_bool()) {
        unify(a, b);
      }
      switch (relation_op(e)) {
      case RelOp::Eq: return a == b;
      case RelOp::Ne: return a != b;
      case RelOp::Lt: return a < b;
      case RelOp::Le: return a <= b;
      case RelOp::Gt: return a > b;
      case RelOp::Ge: return a >= b;
      }
      break;
    }
    case NodeKind::Function: return function(e);
    }
    throw std::logic_error("z3: unknown node");
  }

  // The symbols' ranges and kinds, and that no divisor met is 0.
  z3::expr hypotheses() const { return range_constraints_ && defined_; }
  const std::map<std::string, std::pair<z3::expr, std::string>>& symbols() const { return symbols_; }

private:
  static std::string numeric_text(const numeric& n) {
    std::ostringstream s;
    s << n;
    return s.str();
  }

  z3::expr as_int(const z3::expr& b) { return b.is_bool() ? z3::ite(b, ctx_.int_val(1), ctx_.int_val(0)) : b; }

  // combine(...combine(of(items[0]), of(items[1]))..., of(items[n - 1])), the
  // operands unified first.
  template <class Combine> z3::expr fold(const std::vector<ex>& items, Combine combine) {
    z3::expr r = of(items[0]);
    for (size_t i = 1; i < items.size(); ++i) {
      z3::expr t = of(items[i]);
      unify(r, t);
      r = combine(r, t);
    }
    return r;
  }

  void unify(z3::expr& a, z3::expr& b) {
    if (a.is_bool()) a = as_int(a);
    if (b.is_bool()) b = as_int(b);
    if (a.is_int() && b.is_real()) a = z3::to_real(a);
    if (b.is_int() && a.is_real()) b = z3::to_real(b);
  }

  z3::expr symbol(const ex& s) {
    const SymbolInfo& info = symbol_info(s);
    std::string key = info.name + (info.kind == SymbolKind::PositiveInteger ? "" : info.kind == SymbolKind::Integer ? "!int" : "!real");
    auto it = symbols_.find(key);
    if (it != symbols_.end()) return it->second.first;
    z3::expr v = info.is_integer() ? ctx_.int_const(key.c_str()) : ctx_.real_const(key.c_str());
    symbols_.emplace(key, std::make_pair(v, info.name));
    if (info.is_integer()) {
      ValueRange r = symbol_range(Expr::from_ginac(s), ranges_);
      if (r.lo != ValueRange::kNegInf) range_constraints_ = range_constraints_ && v >= ctx_.int_val(r.lo);
      if (r.hi != ValueRange::kPosInf) range_constraints_ = range_constraints_ && v <= ctx_.int_val(r.hi);
    }
    return v;
  }

  z3::expr nonzero(const z3::expr& d) {
    defined_ = defined_ && d != 0;
    return d;
  }

  // Python's a // b on integers: Z3's div is Euclidean, which is floor
  // division for a positive divisor.
  z3::expr floordiv(const z3::expr& a, const z3::expr& b) {
    nonzero(b);
    return z3::ite(b > 0, a / b, (-a) / (-b));
  }
  z3::expr python_mod(const z3::expr& a, const z3::expr& b) { return a - b * floordiv(a, b); }

  z3::expr to_real(const z3::expr& x) { return x.is_int() ? z3::to_real(x) : x; }
  static z3::expr floor_of(const z3::expr& x) { return z3::expr(x.ctx(), Z3_mk_real2int(x.ctx(), x)); }

  z3::expr function(const ex& e) {
    Function f = *function_of(e);
    std::vector<ex> args = sympy_args(e);
    switch (f) {
    case Function::True: return ctx_.bool_val(true);
    case Function::False: return ctx_.bool_val(false);
    case Function::Not: return !of(args[0]);
    case Function::And:
    case Function::Or: {
      z3::expr r = of(args[0]);
      for (size_t i = 1; i < args.size(); ++i) r = f == Function::And ? (r && of(args[i])) : (r || of(args[i]));
      return r;
    }
    case Function::FloorDiv:
    case Function::CleanDiv: return floordiv(as_int(of(args[0])), as_int(of(args[1])));
    case Function::PythonMod:
    case Function::Mod: return python_mod(as_int(of(args[0])), as_int(of(args[1])));
    case Function::ModularIndexing:
      return python_mod(floordiv(as_int(of(args[0])), as_int(of(args[1]))), as_int(of(args[2])));
    case Function::Max:
    case Function::Min: {
      z3::expr r = of(args[0]);
      for (size_t i = 1; i < args.size(); ++i) {
        z3::expr x = of(args[i]);
        unify(r, x);
        r = f == Function::Max ? z3::ite(r >= x, r, x) : z3::ite(r <= x, r, x);
      }
      return r;
    }
    case Function::PowByNatural: {
      // An unknown function of its arguments: equal arguments, equal values.
      z3::sort i = ctx_.int_sort();
      z3::func_decl pow_fn = z3::function("PowByNatural", i, i, i);
      return pow_fn(as_int(of(args[0])), as_int(of(args[1])));
    }
    case Function::IntTrueDiv:
    case Function::FloatTrueDiv: return to_real(of(args[0])) / to_real(nonzero(of(args[1])));
    case Function::ToFloat: return to_real(of(args[0]));
    case Function::FloorToInt: return floor_of(to_real(of(args[0])));
    case Function::CeilToInt: return -floor_of(-to_real(of(args[0])));
    case Function::TruncToInt: {
      z3::expr x = to_real(of(args[0]));
      return z3::ite(x >= 0, floor_of(x), -floor_of(-x));
    }
    case Function::HeldSum: break;
    }
    throw std::logic_error("z3: unknown function");
  }

  z3::context& ctx_;
  const RangeOf& ranges_;
  z3::expr range_constraints_ = ctx_.bool_val(true);
  z3::expr defined_;
  std::map<std::string, std::pair<z3::expr, std::string>> symbols_; // Z3 name -> (constant, symbol name)
};

// s.check(), interrupted (an unknown answer) when it runs past `budget`:
// the resource limit does not bound every tactic, and a rare check was seen
// never to return. Z3_interrupt cancels only the check that is running.
z3::check_result check_with_watchdog(z3::solver& s, std::chrono::milliseconds budget) {
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::thread watchdog([&] {
    std::unique_lock lock(m);
    if (!cv.wait_for(lock, budget, [&] { return done; })) context().interrupt();
  });
  z3::check_result r = z3::unknown;
  try {
    r = s.check();
  } catch (const z3::exception&) { // canceled
    r = z3::unknown;
  }
  {
    std::lock_guard lock(m);
    done = true;
  }
  cv.notify_one();
  watchdog.join();
  return r;
}

// Checks that `claim` holds under `hypotheses`: Proved when its negation is
// unsatisfiable, Refuted with the model when satisfiable.
Z3Verdict prove(Translator& t, const z3::expr& claim, unsigned effort) {
  z3::context& ctx = context();
  // Sums of monomials first (both sides of an identity the algebra claims
  // become one polynomial), then the SMT core: without the rewriting, Z3's
  // nonlinear arithmetic gives up on products of sums and min/max.
  z3::params som(ctx);
  som.set("som", true);
  som.set("pull_cheap_ite", true);
  z3::solver s = (z3::with(z3::tactic(ctx, "simplify"), som) & z3::tactic(ctx, "smt")).mk_solver();
  z3::params p(ctx);
  // A resource limit rather than a timeout: Z3 4.8's timer threads can
  // deadlock, and the limit makes answers reproducible.
  p.set("rlimit", static_cast<unsigned>(effort) * 1000u);
  s.set(p);
  s.add(t.hypotheses());
  s.add(!claim);
  Z3Verdict v;
  const z3::check_result answer = check_with_watchdog(s, std::chrono::milliseconds(std::max(2000u, effort * 40u)));
  switch (answer) {
  case z3::unsat: v.answer = Z3Answer::Proved; break;
  case z3::sat: {
    v.answer = Z3Answer::Refuted;
    z3::model m = s.get_model();
    for (const auto& [key, entry] : t.symbols()) {
      if (!entry.first.is_int()) continue;
      int64_t value = 0;
      z3::expr val = m.eval(entry.first, true);
      val.is_numeral_i64(value);
      v.counterexample.emplace_back(entry.second, value);
    }
    break;
  }
  case z3::unknown: v.answer = Z3Answer::Unknown; break;
  }
  return v;
}

} // namespace

Z3Verdict z3_check_equivalent(const Expr& a, const Expr& b, const RangeOf& ranges, unsigned effort) {
  try {
    Translator t(context(), ranges);
    z3::expr x = t.of(a.ginac()), y = t.of(b.ginac());
    if (x.is_bool() && y.is_bool()) return prove(t, x == y, effort);
    if (x.is_bool()) x = z3::ite(x, context().int_val(1), context().int_val(0));
    if (y.is_bool()) y = z3::ite(y, context().int_val(1), context().int_val(0));
    if (x.is_int() && y.is_real()) x = z3::to_real(x);
    if (y.is_int() && x.is_real()) y = z3::to_real(y);
    return prove(t, x == y, effort);
  } catch (const z3::exception&) {
    return {};
  } catch (const std::invalid_argument&) { // a part with no translation (a symbolic power)
    return {};
  }
}

Z3Verdict z3_check_implies(std::span<const Expr> assumptions, const Expr& claim, const RangeOf& ranges,
                           unsigned effort) {
  try {
    Translator t(context(), ranges);
    z3::expr premise = context().bool_val(true);
    for (const Expr& a : assumptions) premise = premise && t.of(a.ginac());
    z3::expr c = t.of(claim.ginac());
    return prove(t, z3::implies(premise, c), effort);
  } catch (const z3::exception&) {
    return {};
  } catch (const std::invalid_argument&) { // a part with no translation (a symbolic power)
    return {};
  }
}

bool z3_equivalent(const Expr& a, const Expr& b, const RangeOf& ranges) {
  return z3_check_equivalent(a, b, ranges).answer == Z3Answer::Proved;
}

bool z3_implies(std::span<const Expr> assumptions, const Expr& claim, const RangeOf& ranges, unsigned effort) {
  return z3_check_implies(assumptions, claim, ranges, effort).answer == Z3Answer::Proved;
}

std::optional<Z3Model> z3_model(std::span<const Expr> constraints, const RangeOf& ranges) {
  try {
    Translator t(context(), ranges);
    z3::expr all = context().bool_val(true);
    for (const Expr& c : constraints) all = all && t.of(c.ginac());
    // A model of the constraints is a refutation of their negation.
    Z3Verdict v = prove(t, !all, 5000);
    if (v.answer != Z3Answer::Refuted) return std::nullopt;
    return v.counterexample;
  } catch (const z3::exception&) {
    return std::nullopt;
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

} // namespace refc::symbolic
