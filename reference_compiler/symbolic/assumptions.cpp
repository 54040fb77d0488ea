// sympy's assumption handlers (sympy/core/add.py, mul.py, power.py,
// exprtools._monotonic_sign, numbers; torch/utils/_sympy/functions.py) and
// the closure of their answers under sympy's fact rules (assumptions.py's
// _assume_defined rules restricted to finite reals).
#include "reference_compiler/symbolic/assumptions.h"

#include <unordered_map>
#include <vector>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/build.h"
#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/sort_key.h"
#include "reference_compiler/symbolic/symbol_table.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

template <class Range>
Fuzzy fuzzy_and(const Range& values) {
  bool unknown = false;
  for (Fuzzy v : values) {
    if (is_false(v)) return false;
    if (!v) unknown = true;
  }
  if (unknown) return std::nullopt;
  return true;
}

template <class Range>
Fuzzy fuzzy_or(const Range& values) {
  bool unknown = false;
  for (Fuzzy v : values) {
    if (is_true(v)) return true;
    if (!v) unknown = true;
  }
  if (unknown) return std::nullopt;
  return false;
}

// _fuzzy_group with quick_exit: all true -> true, any unknown -> unknown,
// one false -> false, a second false -> unknown.
Fuzzy fuzzy_group(const std::vector<Fuzzy>& values) {
  bool saw_other = false;
  for (Fuzzy v : values) {
    if (is_true(v)) continue;
    if (!v) return std::nullopt;
    if (saw_other) return std::nullopt;
    saw_other = true;
  }
  return !saw_other;
}

// _torf: true if all true, false if all false, else unknown.
Fuzzy torf(const std::vector<Fuzzy>& values) {
  bool all_true = true, all_false = true;
  for (Fuzzy v : values) {
    if (!is_true(v)) all_true = false;
    if (!is_false(v)) all_false = false;
  }
  if (all_true) return true;
  if (all_false) return false;
  return std::nullopt;
}

void set(Fuzzy& slot, Fuzzy value) {
  if (!slot && value) slot = value;
}

// sympy's fact rules for finite reals, applied until nothing changes.
void close(Facts& f) {
  for (bool changed = true; changed;) {
    Facts before = f;
    if (is_true(f.zero)) {
      set(f.nonnegative, true), set(f.nonpositive, true), set(f.even, true), set(f.integer, true);
      set(f.positive, false), set(f.negative, false);
    }
    if (is_true(f.positive)) set(f.nonnegative, true), set(f.zero, false), set(f.negative, false), set(f.nonpositive, false);
    if (is_true(f.negative)) set(f.nonpositive, true), set(f.zero, false), set(f.positive, false), set(f.nonnegative, false);
    // nonnegative == !negative, nonpositive == !positive (real)
    if (f.nonnegative) set(f.negative, !*f.nonnegative);
    if (f.negative) set(f.nonnegative, !*f.negative);
    if (f.nonpositive) set(f.positive, !*f.nonpositive);
    if (f.positive) set(f.nonpositive, !*f.positive);
    // positive == nonnegative & nonzero, negative == nonpositive & nonzero,
    // zero == nonnegative & nonpositive
    if (is_true(f.nonnegative) && is_false(f.zero)) set(f.positive, true);
    if (is_true(f.nonpositive) && is_false(f.zero)) set(f.negative, true);
    if (is_true(f.nonnegative) && is_true(f.nonpositive)) set(f.zero, true);
    if (is_true(f.nonnegative) && is_false(f.positive)) set(f.zero, true);
    if (is_true(f.nonpositive) && is_false(f.negative)) set(f.zero, true);
    if (is_false(f.nonnegative) || is_false(f.nonpositive)) set(f.zero, false);
    if (is_true(f.positive) || is_true(f.negative)) set(f.zero, false);
    // even == integer & !odd, odd == integer & !even
    if (is_true(f.even)) set(f.integer, true), set(f.odd, false);
    if (is_true(f.odd)) set(f.integer, true), set(f.even, false), set(f.zero, false);
    if (is_true(f.integer) && f.odd) set(f.even, !*f.odd);
    if (is_true(f.integer) && f.even) set(f.odd, !*f.even);
    if (is_false(f.integer)) set(f.even, false), set(f.odd, false), set(f.zero, false);
    if (is_true(f.integer)) set(f.rational, true);
    if (is_false(f.rational)) set(f.integer, false);
    changed = before.integer != f.integer || before.rational != f.rational || before.zero != f.zero ||
              before.positive != f.positive || before.negative != f.negative ||
              before.nonnegative != f.nonnegative || before.nonpositive != f.nonpositive ||
              before.even != f.even || before.odd != f.odd;
  }
}

Facts number_facts(const numeric& n) {
  Facts f;
  f.zero = n.is_zero();
  f.positive = n.is_positive();
  f.negative = n.is_negative();
  if (n.is_rational()) {
    f.rational = true;
    f.integer = n.is_integer();
    if (n.is_integer()) f.even = n.is_even();
  } else if (n.is_zero()) {
    f.integer = true;
  }
  close(f);
  return f;
}

// A value _monotonic_sign stands for an expression with: a number, or a
// Dummy that only has a sign (positive / nonnegative / negative /
// nonpositive, as sympy's Dummy('pos'), _eps, ...).
struct Representative {
  numeric value = 0;
  enum class Dummy : uint8_t { None, Positive, Nonnegative, Negative, Nonpositive } dummy = Dummy::None;
};

Facts representative_facts(const Representative& r) {
  using D = Representative::Dummy;
  if (r.dummy == D::None) return number_facts(r.value);
  Facts f; // a dummy plus a number: only sure signs
  bool pos = r.dummy == D::Positive, nonneg = r.dummy == D::Nonnegative;
  bool neg = r.dummy == D::Negative, nonpos = r.dummy == D::Nonpositive;
  const numeric& c = r.value;
  if ((pos && !c.is_negative()) || (nonneg && c.is_positive())) f.positive = true;
  if (nonneg && c.is_zero()) f.nonnegative = true;
  if ((neg && !c.is_positive()) || (nonpos && c.is_negative())) f.negative = true;
  if (nonpos && c.is_zero()) f.nonpositive = true;
  close(f);
  return f;
}

Representative negate(Representative r) {
  using D = Representative::Dummy;
  r.value = -r.value;
  switch (r.dummy) {
  case D::Positive: r.dummy = D::Negative; break;
  case D::Negative: r.dummy = D::Positive; break;
  case D::Nonnegative: r.dummy = D::Nonpositive; break;
  case D::Nonpositive: r.dummy = D::Nonnegative; break;
  case D::None: break;
  }
  return r;
}

Representative plus(Representative r, const numeric& c) {
  r.value += c;
  return r;
}

bool is_polynomial_in_symbols(const ex& e) {
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float:
  case NodeKind::Symbol: return true;
  case NodeKind::Add:
  case NodeKind::Mul:
    for (const ex& a : sympy_args(e))
      if (!is_polynomial_in_symbols(a)) return false;
    return true;
  case NodeKind::Pow:
    return is_polynomial_in_symbols(unheld(e.op(0))) && is_integer_number(e.op(1)) && !numeric_of(e.op(1)).is_negative();
  default: return false;
  }
}

bool denominator_is_number(const ex& e) {
  // as_numer_denom()[1].is_number: a negative power of something with
  // symbols puts it in the denominator.
  for (const ex& f : mul_factors(e)) {
    if (is_pow(f) && is_numeric(f.op(1)) && numeric_of(f.op(1)).is_negative() && !has_no_symbols(f.op(0)))
      return false;
  }
  return true;
}

Fuzzy is_composite(const ex& e);

// Number theory for _monotonic_sign's integers.
bool is_prime_number(const numeric& n) {
  if (!n.is_integer() || n < 2) return false;
  return n.is_prime();
}

// Whether the polynomial p (rational coefficients, in x) has a real root
// greater than a: Sturm's theorem on its square-free part, signs taken just
// right of a.
bool has_real_root_above(const ex& p0, const GiNaC::symbol& x, const numeric& a) {
  ex p = GiNaC::expand(p0);
  if (p.degree(x) <= 0) return false;
  ex dp = GiNaC::expand(p.diff(x));
  ex g = GiNaC::gcd(p, dp);
  ex q;
  if (!GiNaC::divide(p, g, q)) return true; // cannot tell: assume the worst
  std::vector<ex> chain{GiNaC::expand(q), GiNaC::expand(q.diff(x))};
  while (chain.back().degree(x) > 0) {
    ex r = GiNaC::expand(-GiNaC::rem(chain[chain.size() - 2], chain.back(), x));
    if (r.is_zero()) break;
    chain.push_back(r);
  }
  auto sign_changes = [&](auto value_of) {
    int changes = 0, last = 0;
    for (const ex& f : chain) {
      int sg = value_of(f);
      if (sg == 0) continue;
      if (last != 0 && sg != last) ++changes;
      last = sg;
    }
    return changes;
  };
  auto sign = [](const numeric& n) { return n.is_zero() ? 0 : (n.is_positive() ? 1 : -1); };
  int at_a = sign_changes([&](const ex& f) {
    numeric v = numeric_of(f.subs(x == a));
    if (v.is_zero()) v = numeric_of(f.diff(x).subs(x == a)); // just right of a
    return sign(v);
  });
  int at_infinity = sign_changes([&](const ex& f) { return sign(numeric_of(f.lcoeff(x))); });
  return at_a - at_infinity > 0;
}

// exprtools._monotonic_sign
std::optional<Representative> monotonic_sign(const ex& e0) {
  using D = Representative::Dummy;
  const ex e = unheld(e0);
  if (is_exactly<GiNaC::symbol>(-e)) {
    auto r = monotonic_sign(-e);
    if (!r) return std::nullopt;
    return negate(*r);
  }
  if (!is_add(e) && denominator_is_number(e)) {
    Facts s = facts(e);
    if (is_numeric(e) && is_prime_number(numeric_of(e))) return Representative{numeric_of(e).is_odd() ? 3 : 2};
    Fuzzy composite = is_composite(e);
    if (is_true(composite)) return Representative{is_true(s.odd) ? 9 : 4};
    if (is_true(s.positive)) {
      if (is_true(s.even)) return Representative{2};
      if (is_true(s.integer)) return Representative{1};
      return Representative{0, D::Positive};
    }
    if (is_true(s.negative)) {
      if (is_true(s.even)) return Representative{-2};
      if (is_true(s.integer)) return Representative{-1};
      return Representative{0, D::Negative};
    }
    if (is_true(s.zero) || is_true(s.nonpositive) || is_true(s.nonnegative)) return Representative{0};
    return std::nullopt;
  }
  std::vector<ex> free = symbols_of(e);
  if (free.size() == 1) {
    if (!is_polynomial_in_symbols(e)) return std::nullopt; // the numerator/denominator form never applies here
    const ex& x = free[0];
    auto x0 = monotonic_sign(x);
    if (!x0) return std::nullopt;
    if (x0->dummy != D::None) x0 = Representative{0}; // _eps -> 0
    GiNaC::symbol var = GiNaC::ex_to<GiNaC::symbol>(x);
    ex expanded = build::expand_products(e); // a polynomial: no held sums left
    ex d = GiNaC::expand(expanded.diff(var));
    numeric y = numeric_of(expanded.subs(x == ex(x0->value)));
    Facts fx = facts(x), fd = facts(d);
    // all real roots r of d have r - x0 nonpositive
    bool roots_below = has_no_symbols(d) || !has_real_root_above(d, var, x0->value);
    if (is_true(fx.nonnegative) && roots_below) {
      if (y >= 0 && is_true(fd.positive)) {
        if (!y.is_zero()) return y.is_positive() ? Representative{y} : Representative{0, D::Positive};
        return Representative{0, D::Nonnegative};
      }
      if (y <= 0 && is_true(fd.negative)) {
        if (!y.is_zero()) return y.is_negative() ? Representative{y} : Representative{0, D::Negative};
        return Representative{0, D::Nonpositive};
      }
    }
    return std::nullopt;
  }
  // multivariate: a linear form in signed symbols plus a constant
  auto [c, a] = as_coeff_add(e);
  if (!is_polynomial_in_symbols(a)) return std::nullopt; // sympy's rational-monomial form is not modelled
  if (c.is_zero()) return std::nullopt;
  for (auto it = a.preorder_begin(); it != a.preorder_end(); ++it)
    if (is_pow(*it) && !has_no_symbols(*it)) return std::nullopt;
  Facts fa = facts(a);
  if (!is_true(fa.nonpositive) && !is_true(fa.nonnegative)) return std::nullopt;
  GiNaC::exmap values;
  bool has_eps = false;
  for (const ex& s : symbols_of(a)) {
    auto r = monotonic_sign(s);
    if (!r) return std::nullopt;
    if (r->dummy != D::None || r->value.is_zero()) {
      has_eps = true; // a symbol only known signed: _eps, which the result would keep
      continue;
    }
    values[s] = r->value;
  }
  if (has_eps) return std::nullopt; // no symbol kind of this layer is signed without being an integer
  ex v = build::replace(a, values);
  if (!is_numeric(v)) return std::nullopt;
  numeric vn = numeric_of(v), rv = vn + c;
  if (vn >= 0 && rv.is_positive()) return Representative{rv};
  if (vn <= 0 && rv.is_negative()) return Representative{rv};
  return std::nullopt;
}

// Mul._eval_is_composite for products; numbers directly.
Fuzzy is_composite(const ex& e0) {
  const ex& e = unheld(e0);
  if (is_numeric(e)) {
    const numeric& n = numeric_of(e);
    if (!n.is_integer() || n < 2) return false;
    return !n.is_prime();
  }
  if (!is_mul(e)) return std::nullopt;
  int count = 0;
  for (const ex& a : sympy_args(e)) {
    Facts f = facts(a);
    if (!(is_true(f.integer) && is_true(f.positive))) return std::nullopt;
    if (is_true(ask_positive(a - 1))) ++count;
  }
  if (count > 1) return true;
  return std::nullopt;
}

Facts add_facts(const ex& e) {
  std::vector<ex> args = add_terms(e);
  std::vector<Facts> arg_facts;
  arg_facts.reserve(args.size());
  for (const ex& a : args) arg_facts.push_back(facts(a));
  Facts f;
  {
    std::vector<Fuzzy> ints, rats;
    for (const Facts& a : arg_facts) ints.push_back(a.integer), rats.push_back(a.rational);
    f.integer = fuzzy_group(ints);
    f.rational = fuzzy_group(rats);
  }
  // _eval_is_zero: only decides when some terms are zero and the rest not.
  {
    size_t zeros = 0, nonzeros = 0;
    bool unknown = false;
    for (const Facts& a : arg_facts) {
      if (is_true(a.zero)) ++zeros;
      else if (is_false(a.zero)) ++nonzeros;
      else unknown = true;
    }
    if (!unknown) {
      if (zeros == args.size()) f.zero = true;
      // canonical sums have no zero terms, so nz is all of them: unknown
    }
  }
  auto [c, a] = as_coeff_add(e);
  bool one_symbol = symbols_of(e).size() == 1;
  // _eval_is_extended_positive / negative
  auto sign_by_monotonic = [&](bool positive) -> Fuzzy {
    if (c.is_zero()) return std::nullopt;
    auto v = monotonic_sign(a);
    if (!v) return std::nullopt;
    Facts s = representative_facts(plus(*v, c));
    Facts fa = facts(a);
    if (positive ? (is_true(s.positive) && is_true(fa.nonnegative)) : (is_true(s.negative) && is_true(fa.nonpositive)))
      return true;
    if (one_symbol) {
      auto w = monotonic_sign(e);
      if (w && is_true(positive ? representative_facts(*w).positive : representative_facts(*w).negative)) return true;
    }
    return std::nullopt;
  };
  auto sign_by_terms = [&](bool positive) -> Fuzzy {
    bool pos = false, nonneg = false, nonpos = false, unknown_sign = false, any = false;
    for (const Facts& t : arg_facts) {
      if (is_true(t.zero)) continue;
      any = true;
      Fuzzy same = positive ? t.positive : t.negative;
      Fuzzy weak_same = positive ? t.nonnegative : t.nonpositive;
      Fuzzy weak_other = positive ? t.nonpositive : t.nonnegative;
      if (is_true(same)) pos = true;
      else if (is_true(weak_same)) nonneg = true;
      else if (is_true(weak_other)) nonpos = true;
      else unknown_sign = true;
    }
    if (!any) return false;
    if (unknown_sign) return std::nullopt;
    if (!nonpos && pos) return true;
    if (!pos && !nonneg) return false;
    return std::nullopt;
  };
  f.positive = sign_by_monotonic(true);
  if (!f.positive) f.positive = sign_by_terms(true);
  f.negative = sign_by_monotonic(false);
  if (!f.negative) f.negative = sign_by_terms(false);
  // _eval_is_extended_nonnegative / nonpositive
  auto weak_sign = [&](bool nonnegative) -> Fuzzy {
    if (c.is_zero()) return std::nullopt;
    Facts fa = facts(a);
    if (!is_true(nonnegative ? fa.nonnegative : fa.nonpositive)) return std::nullopt;
    auto v = monotonic_sign(a);
    if (!v) return std::nullopt;
    Facts s = representative_facts(plus(*v, c));
    if (is_true(nonnegative ? s.nonnegative : s.nonpositive)) return true;
    if (one_symbol) {
      auto w = monotonic_sign(e);
      if (w && is_true(nonnegative ? representative_facts(*w).nonnegative : representative_facts(*w).nonpositive))
        return true;
    }
    return std::nullopt;
  };
  set(f.nonnegative, weak_sign(true));
  set(f.nonpositive, weak_sign(false));
  // _eval_is_odd: the first term (in sympy's order) not known even decides,
  // with the rest even.
  {
    std::vector<ex> not_even;
    for (const ex& t : args_in_sympy_order(e))
      if (!is_true(ask_even(t))) not_even.push_back(t);
    if (not_even.empty()) {
      f.odd = false;
    } else if (is_true(ask_odd(not_even[0]))) {
      ex rest = 0;
      for (size_t k = 1; k < not_even.size(); ++k) rest = rest + not_even[k];
      f.odd = ask_even(rest);
    }
  }
  close(f);
  return f;
}

// Mul._eval_is_integer
Fuzzy mul_is_integer(const std::vector<ex>& args, const std::vector<Facts>& arg_facts, Fuzzy is_rational) {
  if (is_false(is_rational)) return false;
  std::vector<ex> numerators, denominators;
  bool unknown = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const ex& a = args[i];
    const Facts& fa = arg_facts[i];
    bool hit = false;
    if (is_true(fa.integer)) {
      bool unit = is_numeric(a) && (numeric_of(a) == 1 || numeric_of(a) == -1);
      if (!unit) numerators.push_back(a);
    } else if (is_numeric(a) && numeric_of(a).is_rational()) {
      numeric n = numeric_of(a).numer(), d = numeric_of(a).denom();
      if (n != 1 && n != -1) numerators.push_back(n);
      if (d != 1) denominators.push_back(d);
    } else if (is_pow(a)) {
      ex b = unheld(a.op(0)), exponent = a.op(1);
      if (!is_true(ask_integer(b)) || !is_true(ask_integer(exponent))) hit = unknown = true;
      if (is_true(ask_negative(exponent))) denominators.push_back(GiNaC::pow(held(a), -1));
      else if (!hit) return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  if (denominators.empty() && !unknown) return true;
  auto all_odd = [](const std::vector<ex>& v) {
    for (const ex& x : v)
      if (!is_true(ask_odd(x))) return false;
    return true;
  };
  auto all_even = [](const std::vector<ex>& v) {
    for (const ex& x : v)
      if (!is_true(ask_even(x))) return false;
    return true;
  };
  auto any_even = [](const std::vector<ex>& v) {
    for (const ex& x : v)
      if (is_true(ask_even(x))) return true;
    return false;
  };
  if (numerators.empty() && !denominators.empty()) {
    bool all_gt_one = true;
    for (const ex& d : denominators)
      if (!(is_numeric(d) && numeric_of(d) > 1)) all_gt_one = false; // is_gt(d, 1)
    if (all_gt_one) return false;
  }
  if (unknown) return std::nullopt;
  if (all_odd(numerators) && any_even(denominators)) return false;
  if (any_even(numerators) && denominators.size() == 1 && is_numeric(denominators[0]) && numeric_of(denominators[0]) == 2)
    return true;
  if (all_even(numerators) && all_odd(denominators)) {
    ex product = 1;
    for (const ex& d : denominators) product = product * d;
    if (is_true(ask_positive(product - 1))) return false;
  }
  auto trailing = [](const numeric& n) {
    numeric m = GiNaC::abs(n);
    int t = 0;
    while (m.is_even() && !m.is_zero()) m = m / 2, ++t;
    return t;
  };
  auto exponent_of = [](const ex& x) { return as_base_exp(x).second; };
  if (denominators.size() == 1) {
    const ex& d = denominators[0];
    if (is_integer_number(d) && numeric_of(d).is_even()) {
      ex sum = 0;
      for (const ex& n : numerators)
        if (is_true(ask_even(n))) sum = sum + exponent_of(n);
      if (is_true(ask_nonnegative(sum - trailing(numeric_of(d))))) return true;
    }
  }
  if (numerators.size() == 1) {
    const ex& n = numerators[0];
    if (is_integer_number(n) && numeric_of(n).is_even()) {
      ex sum = 0;
      for (const ex& d : denominators)
        if (is_true(ask_even(d))) sum = sum + exponent_of(d);
      if (is_true(ask_positive(sum - trailing(numeric_of(n))))) return false;
    }
  }
  return std::nullopt;
}

Facts mul_facts(const ex& e) {
  std::vector<ex> args = mul_factors(e);
  std::vector<Facts> arg_facts;
  arg_facts.reserve(args.size());
  for (const ex& a : args) arg_facts.push_back(facts(a));
  Facts f;
  {
    std::vector<Fuzzy> rats;
    for (const Facts& a : arg_facts) rats.push_back(a.rational);
    Fuzzy r = fuzzy_group(rats);
    if (is_true(r)) f.rational = true;
  }
  // zero: any factor zero, or all nonzero
  {
    bool any_zero = false, all_nonzero = true;
    for (const Facts& a : arg_facts) {
      if (is_true(a.zero)) any_zero = true;
      if (!is_false(a.zero)) all_nonzero = false;
    }
    if (any_zero) f.zero = true;
    else if (all_nonzero) f.zero = false;
  }
  // _eval_pos_neg
  auto pos_neg = [&](int sign) -> Fuzzy {
    bool saw_non = false;
    for (const Facts& t : arg_facts) {
      if (is_true(t.positive)) continue;
      if (is_true(t.negative)) {
        sign = -sign;
      } else if (is_true(t.zero)) {
        return false;
      } else if (is_true(t.nonpositive)) {
        sign = -sign;
        saw_non = true;
      } else if (is_true(t.nonnegative)) {
        saw_non = true;
      } else {
        return std::nullopt;
      }
    }
    if (sign == 1 && !saw_non) return true;
    if (sign < 0) return false;
    return std::nullopt;
  };
  f.positive = pos_neg(1);
  f.negative = pos_neg(-1);
  f.integer = mul_is_integer(args, arg_facts, f.rational);
  // _eval_is_odd
  if (!is_true(f.integer)) {
    f.odd = f.integer;
  } else {
    bool even_denominator = false;
    for (const ex& a : args)
      if (is_numeric(a) && numeric_of(a).denom() != 1 && numeric_of(a).denom().is_even()) even_denominator = true;
    if (!even_denominator) {
      // The factors in sympy's order: two neighbours of unknown parity whose
      // sum is odd make the product even.
      Fuzzy r = true;
      ex acc = 1;
      for (const ex& t : args_in_sympy_order(e)) {
        if (is_numeric(t) && (numeric_of(t) == 1 || numeric_of(t) == -1)) continue;
        Facts ft = facts(t);
        if (is_true(ft.odd)) continue;
        if (is_true(ft.even)) {
          r = false;
          break;
        }
        if (is_false(r)) {
        } else if (!(is_numeric(acc) && numeric_of(acc) == 1) && is_true(ask_odd(acc + t))) {
          r = false;
        } else if (!ft.even) {
          r = std::nullopt;
        }
        acc = t;
      }
      f.odd = r;
    }
  }
  close(f);
  return f;
}

Facts pow_facts(const ex& e) {
  ex base = unheld(e.op(0));
  const ex& exponent = e.op(1);
  Facts b = facts(base), x = facts(exponent);
  Facts f;
  // _eval_is_integer
  if (is_true(b.rational) && is_false(b.integer) && is_true(x.positive)) f.integer = false;
  else if (is_true(b.integer) && is_true(x.integer) && (is_true(x.nonnegative) || (is_numeric(base) && numeric_of(base) == -1)))
    f.integer = true;
  else if (is_true(b.integer) && is_true(x.negative) && is_false(ask_zero(base - 1)) && is_false(ask_zero(base + 1)))
    f.integer = false;
  else if (is_true(x.negative) && is_true(b.positive) && is_true(ask_positive(base - 1)))
    f.integer = false;
  else if (is_true(x.negative) && is_true(b.negative) && is_true(ask_negative(base + 1)))
    f.integer = false;
  if (is_true(f.integer)) f.rational = true;
  // _eval_is_extended_positive
  if (is_true(b.positive)) f.positive = true;
  else if (is_true(b.negative)) {
    if (is_true(x.even)) f.positive = true;
    else if (is_true(x.odd)) f.positive = false;
  } else if (is_true(b.zero)) {
    f.positive = x.zero;
  } else if (is_true(b.nonpositive)) {
    if (is_true(x.odd)) f.positive = false;
  }
  // _eval_is_extended_negative
  if (is_true(b.negative)) {
    if (is_true(x.odd)) f.negative = true;
    else if (is_true(x.even)) f.negative = false;
  } else if (is_true(b.positive) || is_true(b.zero)) {
    f.negative = false;
  } else if (is_true(b.nonnegative)) {
    if (is_true(x.nonnegative)) f.negative = false;
  } else if (is_true(x.even)) {
    f.negative = false;
  }
  // _eval_is_zero
  if (is_true(b.zero)) {
    if (is_true(x.positive)) f.zero = true;
    else if (is_true(x.nonpositive)) f.zero = false;
  } else if (is_false(b.zero)) {
    f.zero = false;
  } else if (is_true(x.negative)) {
    f.zero = false;
  }
  // _eval_is_even / _eval_is_odd
  if (is_true(x.integer) && is_true(x.positive)) {
    f.even = b.even;
    f.odd = b.odd;
  } else if (is_true(x.integer) && is_true(x.nonnegative) && is_true(b.odd)) {
    f.odd = true;
  }
  close(f);
  return f;
}

Facts function_facts(const ex& e) {
  Function fn = *function_of(e);
  std::vector<ex> args = sympy_args(e);
  Facts f;
  switch (fn) {
  case Function::FloorDiv:
  case Function::CleanDiv: {
    f.integer = true;
    Facts p = facts(args[0]), q = facts(args[1]);
    if (is_true(p.integer) && is_true(q.integer) && is_true(p.nonnegative) && is_true(q.nonnegative))
      f.nonnegative = true;
    break;
  }
  case Function::PythonMod: {
    f.integer = true;
    Facts q = facts(args[1]);
    if (is_true(q.positive)) f.nonnegative = true;
    if (is_true(q.negative)) f.nonpositive = true;
    break;
  }
  case Function::Mod:
    f.integer = true;
    f.nonnegative = true;
    break;
  case Function::ModularIndexing: {
    // (a // b) % m takes the sign of m. PyTorch's _eval_is_nonnegative
    // compares the signs of a and b instead, which is wrong under the
    // Python semantics its own constant folding uses ((-4 // 3) % 6 is 4):
    // its answer is kept where it is known and right (m positive), and
    // dropped elsewhere.
    f.integer = true;
    Facts a = facts(args[0]), b = facts(args[1]);
    bool pytorch_knows = a.nonnegative.has_value() && b.nonnegative.has_value();
    if (pytorch_knows && is_true(facts(args[2]).positive)) f.nonnegative = true;
    break;
  }
  case Function::Max:
  case Function::Min: {
    std::vector<Facts> fs;
    for (const ex& a : args) fs.push_back(facts(a));
    auto collect = [&](Fuzzy Facts::*field) {
      std::vector<Fuzzy> v;
      for (const Facts& x : fs) v.push_back(x.*field);
      return v;
    };
    bool is_max = fn == Function::Max;
    f.positive = is_max ? fuzzy_or(collect(&Facts::positive)) : fuzzy_and(collect(&Facts::positive));
    f.nonnegative = is_max ? fuzzy_or(collect(&Facts::nonnegative)) : fuzzy_and(collect(&Facts::nonnegative));
    f.negative = is_max ? fuzzy_and(collect(&Facts::negative)) : fuzzy_or(collect(&Facts::negative));
    f.integer = torf(collect(&Facts::integer));
    f.rational = torf(collect(&Facts::rational));
    f.zero = torf(collect(&Facts::zero));
    f.even = torf(collect(&Facts::even));
    f.odd = torf(collect(&Facts::odd));
    set(f.nonpositive, torf(collect(&Facts::nonpositive)));
    break;
  }
  case Function::PowByNatural:
  case Function::CeilToInt:
  case Function::FloorToInt:
  case Function::TruncToInt: f.integer = true; break;
  default: break; // floats and booleans: real at most
  }
  close(f);
  return f;
}

Facts compute_facts(const ex& e) {
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float: return number_facts(numeric_of(e));
  case NodeKind::Symbol: {
    const SymbolInfo& info = symbol_info(e);
    Facts f;
    if (info.is_integer()) f.integer = true;
    if (info.is_positive()) f.positive = true;
    close(f);
    return f;
  }
  case NodeKind::Add: return add_facts(e);
  case NodeKind::Mul: return mul_facts(e);
  case NodeKind::Pow: return pow_facts(e);
  case NodeKind::Relation: return {};
  case NodeKind::Function: return function_facts(e);
  }
  return {};
}

} // namespace

Facts facts(const ex& e0) {
  const ex& e = unheld(e0);
  if (is_numeric(e)) return number_facts(numeric_of(e));
  // sympy caches assumptions on each object; so does this, by value.
  static auto* cache = new std::unordered_map<ex, Facts, std::hash<ex>, GiNaC::ex_is_equal>;
  auto it = cache->find(e);
  if (it != cache->end()) return it->second;
  Facts f = compute_facts(e);
  if (cache->size() > (1u << 16)) cache->clear();
  cache->emplace(e, f);
  return f;
}

} // namespace refc::symbolic
