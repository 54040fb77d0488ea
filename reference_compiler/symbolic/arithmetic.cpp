// Sums, products and powers as sympy's Add, Mul and Pow build them, on
// GiNaC's canonical sums and products. The one place they differ is a sum
// inside a product: GiNaC takes the sum's content and sign out
// (s1*(2*s0 + 2) becomes 2*s1*(s0 + 1)), sympy keeps it; so a sum is held
// (Function::HeldSum) whenever it becomes a factor or a power's base, and a
// number times a single sum distributes, as Mul.flatten does.
#include "reference_compiler/symbolic/build.h"

#include <limits>
#include <stdexcept>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/memo.h"
#include "reference_compiler/symbolic/sort_key.h"

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

void require_number_like(const ex& e) {
  if (is_boolean_expr(e)) throw std::invalid_argument("symbolic: arithmetic on a boolean expression");
}

// After GiNaC evaluated a product of held factors: a held sum alone is its
// sum, and a number times exactly one sum distributes (2*(s0 + 1) is
// 2*s0 + 2; 2*s1*(s0 + 1) stays).
ex settle_product(const ex& r) {
  if (is_function(r, Function::HeldSum)) return r.op(0);
  if (is_exactly<GiNaC::mul>(r) && r.nops() == 2 && is_numeric(r.op(1)) &&
      is_function(r.op(0), Function::HeldSum))
    return r.op(1) * r.op(0).op(0); // GiNaC distributes a number over a bare sum
  return r;
}

} // namespace

ex boolean(bool b) { return make_function(b ? Function::True : Function::False, {}); }

ex add(const ex& a, const ex& b) {
  require_number_like(a), require_number_like(b);
  return ConstructionMemo::instance().get(memo_tag::kAdd, a, b, 0, [&] { return a + b; });
}

ex add(const std::vector<ex>& terms) {
  ex sum = 0;
  for (const ex& t : terms) sum = add(sum, t);
  return sum;
}

ex multiply(const std::vector<ex>& factors) {
  ex product = 1;
  for (const ex& f : factors) {
    require_number_like(f);
    product = product * held(f);
  }
  return settle_product(product);
}

ex multiply(const ex& a, const ex& b) {
  return ConstructionMemo::instance().get(memo_tag::kMultiply, a, b, 0,
                                          [&] { return multiply(std::vector<ex>{a, b}); });
}

ex negate(const ex& a) { return multiply(numeric(-1), a); }

ex subtract(const ex& a, const ex& b) { return add(a, negate(b)); }

ex power(const ex& base, const numeric& exponent) {
  require_number_like(base);
  if (exponent.is_zero()) return 1;
  if (exponent == 1) return base;
  if (is_numeric(base) && numeric_of(base).is_zero() && exponent.is_negative())
    throw DivisionByZero("division by zero");
  return settle_product(GiNaC::pow(held(base), exponent));
}

ex divide(const ex& a, const ex& b) {
  if (is_numeric(b)) {
    if (numeric_of(b).is_zero()) throw DivisionByZero("division by zero");
    return multiply(a, numeric_of(b).inverse());
  }
  return multiply(a, power(b, -1));
}

ex canonical(const ex& e0) {
  const ex& e = unheld(e0);
  if (is_atom(e)) return e;
  switch (node_kind(e)) {
  case NodeKind::Add: {
    std::vector<ex> terms;
    for (const ex& t : add_terms(e)) terms.push_back(canonical(t));
    return add(terms);
  }
  case NodeKind::Mul: {
    std::vector<ex> factors;
    for (const ex& f : mul_factors(e)) factors.push_back(canonical(f));
    return multiply(factors);
  }
  case NodeKind::Pow: {
    ex base = canonical(unheld(e.op(0)));
    if (is_numeric(e.op(1)) && numeric_of(e.op(1)).is_integer()) return power(base, numeric_of(e.op(1)));
    return GiNaC::pow(held(base), e.op(1));
  }
  default: {
    std::vector<ex> args;
    for (const ex& a : sympy_args(e)) args.push_back(canonical(a));
    return rebuild(e, args);
  }
  }
}

ex pow_by_natural(const ex& base, const ex& exponent) {
  require_number_like(base), require_number_like(exponent);
  if (is_integer_number(exponent)) {
    const numeric& n = numeric_of(exponent);
    if (n.is_negative()) throw std::invalid_argument("PowByNatural: negative exponent");
    if (n.is_zero()) return 1;
    if (is_integer_number(base)) {
      // PyTorch's safe_pow saturates to int_oo past sys.maxsize; expressions
      // here have no infinities.
      numeric r = GiNaC::pow(numeric_of(base), n);
      if (GiNaC::abs(r) > numeric(std::numeric_limits<long>::max()))
        throw std::overflow_error("PowByNatural: result beyond int64");
      return r;
    }
    return power(base, n);
  }
  return make_function(Function::PowByNatural, {base, exponent});
}

} // namespace refc::symbolic::build
