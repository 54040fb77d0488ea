// PythonMod (Python's %, the sign of the divisor) and Mod (for nonnegative
// arguments) with the eval() rules of torch/utils/_sympy/functions.py:
// constants fold, multiples of the divisor are 0, parity decides % 2, and a
// dividend known smaller than a positive divisor is itself.
#include "reference_compiler/symbolic/build.h"

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/assumptions.h"
#include "reference_compiler/symbolic/memo.h"

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

std::optional<ex> mod_rules(const ex& p, const ex& q, bool python_mod) {
  if (is_true(ask_zero(q))) throw DivisionByZero("Modulo by zero");
  if ((is_numeric(p) && numeric_of(p).is_zero()) || p.is_equal(q) || p.is_equal(negate(q)) ||
      (is_numeric(q) && numeric_of(q) == 1))
    return ex(0);
  if (is_numeric(p) && is_numeric(q)) {
    const numeric &a = numeric_of(p), &b = numeric_of(q);
    if (a.is_integer() && b.is_integer()) {
      numeric r = GiNaC::irem(a, b);
      if (!r.is_zero() && (r.is_negative() != b.is_negative())) r += b;
      return ex(r);
    }
    return std::nullopt;
  }
  if (is_numeric(q) && numeric_of(q) == 2) {
    Facts fp = facts(p);
    if (is_true(fp.even)) return ex(0);
    if (is_true(fp.odd)) return ex(1);
  }
  ex r = divide(p, q);
  Facts fr = facts(r);
  if (is_true(fr.integer)) return ex(0);
  // p % q is p when 0 <= p < q. PyTorch asks only p < q and p / q > 0,
  // which also holds for p < q < 0, where p % q is not p (-7 % -5 is -2).
  ex less = relation(RelOp::Lt, p, q);
  if (is_function(less, Function::True) && is_true(fr.positive) && is_true(ask_nonnegative(q))) return p;
  if (python_mod) {
    // sympy.Mod(p, q) == 0: sympy's Mod takes the gcd out first, and an
    // integer modulo 1 is 0.
    ex g = sympy_gcd(p, q);
    if (!(is_numeric(g) && numeric_of(g) == 1)) {
      ex q1 = simplified_quotient(q, g);
      if (is_numeric(q1) && (numeric_of(q1) == 1 || numeric_of(q1) == -1) &&
          is_true(ask_integer(simplified_quotient(p, g))))
        return ex(0);
    }
  }
  return std::nullopt;
}

} // namespace

ex python_mod(const ex& p, const ex& q) {
  return ConstructionMemo::instance().get(static_cast<uint8_t>(Function::PythonMod), p, q, 0, [&] {
    if (auto r = mod_rules(p, q, true)) return *r;
    return make_function(Function::PythonMod, {p, q});
  });
}

ex mod(const ex& p, const ex& q) {
  return ConstructionMemo::instance().get(static_cast<uint8_t>(Function::Mod), p, q, 0, [&] {
    if (auto r = mod_rules(p, q, false)) return *r;
    return make_function(Function::Mod, {p, q});
  });
}

} // namespace refc::symbolic::build
