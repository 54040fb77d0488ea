// Interval arithmetic over expressions with -int_oo / int_oo ends, and the
// static decision of conditions from ranges.
#include "reference_compiler/symbolic/bound.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/build.h"
#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/symbol_table.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

using I128 = __int128;
constexpr int64_t kNegInf = ValueRange::kNegInf, kPosInf = ValueRange::kPosInf;

// An extended integer: -oo, a finite value, or +oo.
struct X {
  int inf = 0; // -1, 0, +1
  I128 v = 0;
};

X lo_of(const ValueRange& r) { return r.lo == kNegInf ? X{-1} : (r.lo == kPosInf ? X{1} : X{0, r.lo}); }
X hi_of(const ValueRange& r) { return r.hi == kPosInf ? X{1} : (r.hi == kNegInf ? X{-1} : X{0, r.hi}); }

int compare(const X& a, const X& b) {
  if (a.inf != b.inf) return a.inf < b.inf ? -1 : 1;
  if (a.inf) return 0;
  return a.v < b.v ? -1 : (a.v > b.v ? 1 : 0);
}
X min_x(const X& a, const X& b) { return compare(a, b) <= 0 ? a : b; }
X max_x(const X& a, const X& b) { return compare(a, b) >= 0 ? a : b; }

constexpr I128 kLimit = static_cast<I128>(1) << 63;

// Finite values beyond int64 become infinities, keeping bounds sound.
X saturate(X x) {
  if (!x.inf && x.v >= kLimit) return X{1};
  if (!x.inf && x.v <= -kLimit) return X{-1};
  return x;
}

// A range from extended ends: a lower end past int64 stays finite (it is a
// true lower bound), an upper end past int64 is +oo.
ValueRange make(X lo, X hi) {
  int64_t l, h;
  if (lo.inf < 0) l = kNegInf;
  else if (lo.inf > 0) l = kPosInf;
  else l = lo.v <= static_cast<I128>(kNegInf) ? kNegInf : (lo.v >= static_cast<I128>(kPosInf) ? kPosInf - 1 : static_cast<int64_t>(lo.v));
  if (hi.inf > 0) h = kPosInf;
  else if (hi.inf < 0) h = kNegInf;
  else h = hi.v >= static_cast<I128>(kPosInf) ? kPosInf : (hi.v <= static_cast<I128>(kNegInf) ? kNegInf + 1 : static_cast<int64_t>(hi.v));
  if (l > h) std::swap(l, h); // only at the infinite ends, where the order is moot
  return {l, h};
}

X add(const X& a, const X& b, int undefined) {
  if (a.inf && b.inf && a.inf != b.inf) return X{undefined};
  if (a.inf) return a;
  if (b.inf) return b;
  return saturate(X{0, a.v + b.v});
}

// 0 * oo is 0, as PyTorch's safe_mul.
X mul(const X& a, const X& b) {
  if ((!a.inf && a.v == 0) || (!b.inf && b.v == 0)) return X{0, 0};
  if (a.inf || b.inf) {
    int sa = a.inf ? a.inf : (a.v > 0 ? 1 : -1), sb = b.inf ? b.inf : (b.v > 0 ? 1 : -1);
    return X{sa * sb};
  }
  return saturate(X{0, a.v * b.v});
}

X floordiv(const X& a, const X& b) {
  if (a.inf && b.inf) return X{a.inf * b.inf};
  if (a.inf) return X{a.inf * (b.v > 0 ? 1 : -1)};
  if (b.inf) {
    // floor(a / y) as y grows without bound
    if (b.inf > 0) return X{0, a.v >= 0 ? 0 : -1};
    return X{0, a.v <= 0 ? 0 : -1};
  }
  I128 q = a.v / b.v;
  if ((a.v % b.v != 0) && ((a.v < 0) != (b.v < 0))) --q;
  return saturate(X{0, q});
}

ValueRange range_add(const ValueRange& a, const ValueRange& b) {
  return make(add(lo_of(a), lo_of(b), -1), add(hi_of(a), hi_of(b), 1));
}

ValueRange range_mul(const ValueRange& a, const ValueRange& b) {
  X c[4] = {mul(lo_of(a), lo_of(b)), mul(lo_of(a), hi_of(b)), mul(hi_of(a), lo_of(b)), mul(hi_of(a), hi_of(b))};
  X lo = c[0], hi = c[0];
  for (const X& x : c) lo = min_x(lo, x), hi = max_x(hi, x);
  return make(lo, hi);
}

X power(X x, uint64_t n) {
  X r{0, 1};
  for (uint64_t i = 0; i < n; ++i) {
    r = mul(r, x);
    if (r.inf) {
      // the sign of an infinite power: from x's sign and the parity of n
      int s = x.inf ? x.inf : (x.v > 0 ? 1 : -1);
      return X{(s < 0 && n % 2 == 1) ? -1 : 1};
    }
  }
  return r;
}

ValueRange range_pow(const ValueRange& a, uint64_t n) {
  if (n == 0) return ValueRange::singleton(1);
  X lo = lo_of(a), hi = hi_of(a);
  X plo = power(lo, n), phi = power(hi, n);
  if (n % 2 == 1) return make(plo, phi);
  if (compare(lo, X{0, 0}) >= 0) return make(plo, phi);
  if (compare(hi, X{0, 0}) <= 0) return make(phi, plo);
  return make(X{0, 0}, max_x(plo, phi));
}

ValueRange range_floordiv(const ValueRange& a, const ValueRange& b) {
  if (b.contains(0)) {
    // PyTorch's floordiv when the divisor may be 0 (the value there is
    // undefined, so only the other divisors count).
    if (b.lo >= 0 && a.lo >= 0) return {0, kPosInf};
    if (b.hi <= 0 && a.hi <= 0) return {0, kPosInf};
    if (b.hi <= 0 && a.lo >= 0) return {kNegInf, 0};
    if (b.lo >= 0 && a.hi <= 0) return {kNegInf, 0};
    return ValueRange::unknown();
  }
  X c[4] = {floordiv(lo_of(a), lo_of(b)), floordiv(lo_of(a), hi_of(b)), floordiv(hi_of(a), lo_of(b)),
            floordiv(hi_of(a), hi_of(b))};
  X lo = c[0], hi = c[0];
  for (const X& x : c) lo = min_x(lo, x), hi = max_x(hi, x);
  return make(lo, hi);
}

// Python's %: the result has the divisor's sign (the divisor is never 0).
ValueRange range_mod(const ValueRange& x, const ValueRange& y) {
  if (y.lo > 0) {
    ValueRange r{0, y.hi == kPosInf ? kPosInf : y.hi - 1};
    if (x.lo >= 0) {
      if (x.hi < y.lo) return x; // smaller than every divisor: itself
      r.hi = std::min(r.hi, x.hi);
    }
    if (y.is_singleton() && x.lo != kNegInf && x.hi != kPosInf) {
      // within one period the remainder increases with x
      I128 m = y.lo;
      I128 qlo = x.lo / m - ((x.lo % m != 0 && x.lo < 0) ? 1 : 0);
      I128 qhi = x.hi / m - ((x.hi % m != 0 && x.hi < 0) ? 1 : 0);
      if (qlo == qhi) return {static_cast<int64_t>(x.lo - qlo * m), static_cast<int64_t>(x.hi - qhi * m)};
    }
    return r;
  }
  if (y.hi < 0) {
    ValueRange r{y.lo == kNegInf ? kNegInf : y.lo + 1, 0};
    if (x.hi <= 0 && x.lo > y.hi) return x;
    if (x.hi <= 0) r.lo = std::max(r.lo, x.lo);
    return r;
  }
  return {y.lo < 0 ? (y.lo == kNegInf ? kNegInf : y.lo + 1) : 0, y.hi > 0 ? (y.hi == kPosInf ? kPosInf : y.hi - 1) : 0};
}

ValueRange range_not(const ValueRange& a) { return {1 - a.hi, 1 - a.lo}; }

class Bounder {
public:
  explicit Bounder(const RangeOf& ranges) : ranges_(ranges) {}

  ValueRange of(const ex& e0) {
    ex e = unheld(e0);
    switch (node_kind(e)) {
    case NodeKind::Integer: {
      const numeric& n = numeric_of(e);
      if (n > numeric(kPosInf - 1)) return {kPosInf - 1, kPosInf};
      if (n < numeric(kNegInf + 1)) return {kNegInf, kNegInf + 1};
      return ValueRange::singleton(n.to_long());
    }
    case NodeKind::Rational:
    case NodeKind::Float: return ValueRange::unknown();
    case NodeKind::Symbol: return symbol(e);
    case NodeKind::Add: {
      ValueRange r = ValueRange::singleton(0);
      for (const ex& t : add_terms(e)) r = range_add(r, of(t));
      return r;
    }
    case NodeKind::Mul: {
      ValueRange r = ValueRange::singleton(1);
      for (const ex& f : mul_factors(e)) r = range_mul(r, of(f));
      return r;
    }
    case NodeKind::Pow: {
      const ex& n = e.op(1);
      if (is_integer_number(n) && !numeric_of(n).is_negative() && numeric_of(n) < 64)
        return range_pow(of(e.op(0)), numeric_of(n).to_long());
      return ValueRange::unknown();
    }
    case NodeKind::Relation: return relation(e);
    case NodeKind::Function: return function(e);
    }
    return ValueRange::unknown();
  }

private:
  ValueRange symbol(const ex& s) {
    auto it = cache_.find(s);
    if (it != cache_.end()) return it->second;
    ValueRange r = symbol_range(Expr::from_ginac(s), ranges_);
    cache_.emplace(s, r);
    return r;
  }

  // The difference of the sides decides, as it cancels what they share.
  ValueRange relation(const ex& e) {
    ex lhs = e.lhs(), rhs = e.rhs();
    if (!is_integer_valued(lhs) || !is_integer_valued(rhs)) return ValueRange::boolean();
    ValueRange d = of(build::subtract(rhs, lhs)); // rhs - lhs
    switch (relation_op(e)) {
    case RelOp::Eq:
      if (d.lo == 0 && d.hi == 0) return ValueRange::boolean(true);
      if (!d.contains(0)) return ValueRange::boolean(false);
      break;
    case RelOp::Ne:
      if (d.lo == 0 && d.hi == 0) return ValueRange::boolean(false);
      if (!d.contains(0)) return ValueRange::boolean(true);
      break;
    case RelOp::Lt:
      if (d.lo > 0) return ValueRange::boolean(true);
      if (d.hi <= 0) return ValueRange::boolean(false);
      break;
    case RelOp::Le:
      if (d.lo >= 0) return ValueRange::boolean(true);
      if (d.hi < 0) return ValueRange::boolean(false);
      break;
    case RelOp::Gt:
      if (d.hi < 0) return ValueRange::boolean(true);
      if (d.lo >= 0) return ValueRange::boolean(false);
      break;
    case RelOp::Ge:
      if (d.hi <= 0) return ValueRange::boolean(true);
      if (d.lo > 0) return ValueRange::boolean(false);
      break;
    }
    return ValueRange::boolean();
  }

  static bool is_integer_valued(const ex& e) {
    if (is_relation(e)) return false;
    auto f = function_of(e);
    if (f && function_info(*f).type == ValueType::Bool) return true;
    return Expr::from_ginac(e).is_integer();
  }

  // The range of the largest (smallest) of the arguments' values.
  ValueRange extremum(const std::vector<ex>& args, bool largest) {
    ValueRange r = of(args[0]);
    for (size_t i = 1; i < args.size(); ++i) {
      ValueRange x = of(args[i]);
      r = largest ? ValueRange{std::max(r.lo, x.lo), std::max(r.hi, x.hi)}
                  : ValueRange{std::min(r.lo, x.lo), std::min(r.hi, x.hi)};
    }
    return r;
  }

  ValueRange function(const ex& e) {
    Function f = *function_of(e);
    std::vector<ex> args = sympy_args(e);
    switch (f) {
    case Function::True: return ValueRange::boolean(true);
    case Function::False: return ValueRange::boolean(false);
    case Function::Not: return range_not(of(args[0]));
    case Function::And: return extremum(args, false); // the least of 0/1 values
    case Function::Or: return extremum(args, true);
    case Function::FloorDiv:
    case Function::CleanDiv: return range_floordiv(of(args[0]), of(args[1]));
    case Function::PythonMod:
    case Function::Mod: return range_mod(of(args[0]), of(args[1]));
    case Function::ModularIndexing: return range_mod(range_floordiv(of(args[0]), of(args[1])), of(args[2]));
    case Function::Max:
    case Function::Min:
      if (!is_integer_valued(e)) return ValueRange::unknown();
      return extremum(args, f == Function::Max);
    case Function::PowByNatural: {
      ValueRange a = of(args[0]), b = of(args[1]);
      b = {std::max<int64_t>(b.lo, 0), std::max<int64_t>(b.hi, 0)};
      if (b.is_singleton() && b.lo < 64) return range_pow(a, b.lo);
      if (a.lo >= 1) {
        X lo = b.lo < 64 ? power(lo_of(a), b.lo) : X{1};
        X hi = b.hi < 64 ? power(hi_of(a), b.hi) : (a.hi == 1 ? X{0, 1} : X{1});
        return make(lo, hi);
      }
      X big = max_x(hi_of(a), X{0, 0});
      X neg = lo_of(a);
      if (neg.inf) big = X{1};
      else if (compare(X{0, -neg.v}, big) > 0) big = X{0, -neg.v};
      X top = b.hi < 64 ? power(big, b.hi) : X{1};
      return make(X{top.inf ? -top.inf : 0, -top.v}, top);
    }
    default: return ValueRange::unknown(); // float-valued
    }
  }

  const RangeOf& ranges_;
  std::map<ex, ValueRange, GiNaC::ex_is_less> cache_;
};

} // namespace

ValueRange symbol_range(const Expr& symbol, const RangeOf& ranges) {
  const SymbolInfo& info = symbol_info(symbol.ginac());
  if (!info.is_integer()) return ValueRange::unknown();
  ValueRange r = ranges ? ranges(symbol) : ValueRange::unknown();
  if (info.is_positive()) r = r.intersect({1, kPosInf});
  return r;
}

ValueRange bound(const Expr& e, const RangeOf& ranges) { return Bounder(ranges).of(e.ginac()); }

std::optional<bool> static_truth(const Expr& cond, const RangeOf& ranges) {
  if (!cond.is_boolean()) throw std::invalid_argument("static_truth of a non-boolean expression");
  if (auto b = cond.as_bool()) return *b;
  ValueRange r = bound(cond, ranges);
  if (r.is_singleton()) return r.lo == 1;
  // _maybe_evaluate_static_worker: each symbol s with a lower bound L is
  // restated as t + (L - 1) with t a fresh positive symbol, so sympy's rules
  // for positive symbols decide what the ranges imply.
  GiNaC::exmap shifted;
  std::map<ex, ValueRange, GiNaC::ex_is_less> new_ranges;
  int index = 0;
  for (const Expr& s : cond.free_symbols()) {
    ValueRange vr = symbol_range(s, ranges);
    if (vr.lo == kNegInf || !s.is_integer()) {
      new_ranges.emplace(s.ginac(), vr);
      continue;
    }
    ex t = intern_symbol("evaluate_static_shape_" + std::to_string(index++), SymbolKind::PositiveInteger);
    int64_t offset = vr.lo - 1;
    shifted[s.ginac()] = build::add(t, numeric(offset));
    new_ranges.emplace(t, ValueRange{1, vr.hi == kPosInf ? kPosInf : vr.hi - offset});
  }
  if (shifted.empty()) return std::nullopt;
  Expr restated = Expr::from_ginac(build::expand_products(build::replace(cond.ginac(), shifted)));
  if (auto b = restated.as_bool()) return *b;
  ValueRange r2 = bound(restated, [&](const Expr& s) {
    auto it = new_ranges.find(s.ginac());
    return it == new_ranges.end() ? ValueRange::unknown() : it->second;
  });
  if (r2.is_singleton()) return r2.lo == 1;
  return std::nullopt;
}

} // namespace refc::symbolic
