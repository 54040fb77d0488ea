// FloorDiv, CleanDiv, CeilDiv and ModularIndexing with the eval() rules of
// torch/utils/_sympy/functions.py: constants fold with Python's //, terms
// divisible by a constant divisor leave the division ((4*s0 + 2)//2 is
// 2*s0 + 1), a common factor of dividend and divisor cancels, nested
// divisions merge.
#include "reference_compiler/symbolic/build.h"

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/assumptions.h"
#include "reference_compiler/symbolic/memo.h"

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

bool is_one(const ex& e) { return is_numeric(e) && numeric_of(e) == 1; }

// Whether a rational that is not an integer occurs anywhere in e (sympy
// 1.14's guard in FloorDiv.eval against quotients like s1*(2*s0 + 2)/2).
bool has_fraction(const ex& e) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_numeric(*it) && numeric_of(*it).is_rational() && !numeric_of(*it).is_integer()) return true;
  return false;
}

numeric python_floordiv(const numeric& a, const numeric& b) {
  numeric q = GiNaC::iquo(a, b); // truncates
  if (!(GiNaC::irem(a, b)).is_zero() && (a.is_negative() != b.is_negative())) q -= 1;
  return q;
}

std::optional<ex> floor_div_rules(const ex& base, const ex& divisor) {
  Facts fd = facts(divisor);
  if (is_true(fd.zero)) throw DivisionByZero("division by zero");
  Facts fb = facts(base);
  if (is_true(fb.zero)) return ex(0);
  if (is_true(fb.integer) && is_one(divisor)) return base;
  if (is_true(fb.integer) && is_numeric(divisor) && numeric_of(divisor) == -1) return negate(base);
  if (base.is_equal(divisor)) return ex(1);
  if (is_integer_number(base) && is_integer_number(divisor))
    return ex(python_floordiv(numeric_of(base), numeric_of(divisor)));
  // (a // b) // c is a // (b*c) for c > 0 (c = 0 has no value). PyTorch
  // merges for any c, which is wrong for a negative one ((12 // 5) // -2 is
  // -1, 12 // -10 is -2).
  if (is_function(base, Function::FloorDiv) && is_true(ask_nonnegative(divisor)))
    return floor_div(base.op(0), multiply(base.op(1), divisor));
  // (x + y) // b is x // b + y // b when x / b is an integer.
  if (is_integer_number(divisor)) {
    ex quotients = 0;
    std::vector<ex> divisible;
    for (const ex& term : add_terms(base)) {
      ex quotient = divide(term, divisor);
      bool integer = is_true(ask_integer(quotient));
      if (is_mul(quotient) && has_fraction(quotient)) integer = false;
      if (integer) {
        divisible.push_back(term);
        quotients = add(quotients, quotient);
      }
    }
    if (!divisible.empty()) return add(floor_div(subtract(base, add(divisible)), divisor), quotients);
  }
  ex g = simple_floordiv_gcd(base, divisor);
  if (is_one(g) && is_add(divisor)) g = sympy_gcd(base, divisor);
  if (!is_one(g)) return floor_div(simplified_quotient(base, g), simplified_quotient(divisor, g));
  return std::nullopt;
}

} // namespace

ex floor_div(const ex& base, const ex& divisor) {
  return ConstructionMemo::instance().get(static_cast<uint8_t>(Function::FloorDiv), base, divisor, 0, [&] {
    if (auto r = floor_div_rules(base, divisor)) return *r;
    return make_function(Function::FloorDiv, {base, divisor});
  });
}

ex clean_div(const ex& base, const ex& divisor) {
  // CleanDiv is a FloorDiv that PyTorch knows divides exactly; FloorDiv's
  // rules build FloorDivs when they apply.
  return ConstructionMemo::instance().get(static_cast<uint8_t>(Function::CleanDiv), base, divisor, 0, [&] {
    if (auto r = floor_div_rules(base, divisor)) return *r;
    return make_function(Function::CleanDiv, {base, divisor});
  });
}

ex ceil_div(const ex& base, const ex& divisor) {
  return ConstructionMemo::instance().get(memo_tag::kCeilDiv, base, divisor, 0, [&] {
    if (sympy_gcd(base, divisor).is_equal(divisor)) return clean_div(base, divisor);
    return floor_div(add(base, subtract(divisor, 1)), divisor);
  });
}

namespace {

ex modular_indexing_rules(const ex& base, const ex& divisor, const ex& modulus) {
  if ((is_numeric(base) && numeric_of(base).is_zero()) || is_one(modulus)) return 0;
  if (is_integer_number(base) && is_integer_number(divisor) && is_integer_number(modulus)) {
    if (numeric_of(divisor).is_zero() || numeric_of(modulus).is_zero()) throw DivisionByZero("division by zero");
    numeric q = python_floordiv(numeric_of(base), numeric_of(divisor));
    const numeric& m = numeric_of(modulus);
    return q - m * python_floordiv(q, m);
  }
  if (!is_one(divisor)) {
    ex g = sympy_gcd(base, divisor);
    if (!is_one(g)) return modular_indexing(simplified_quotient(base, g), simplified_quotient(divisor, g), modulus);
  }
  if (is_add(base)) {
    ex span = multiply(modulus, divisor);
    std::vector<ex> kept;
    bool all_nonnegative = true;
    std::vector<ex> terms = add_terms(base);
    for (const ex& term : terms) {
      if (!sympy_gcd(term, span).is_equal(span)) {
        if (!is_true(ask_nonnegative(term))) {
          all_nonnegative = false;
          break;
        }
        kept.push_back(term);
      }
    }
    if (kept.size() != terms.size() && all_nonnegative) return modular_indexing(add(kept), divisor, modulus);
  }
  // As for FloorDiv: merging the divisions needs the outer one positive.
  if (is_function(base, Function::FloorDiv) && is_true(ask_nonnegative(divisor)))
    return modular_indexing(base.op(0), multiply(base.op(1), divisor), modulus);
  return make_function(Function::ModularIndexing, {base, divisor, modulus});
}

} // namespace

ex modular_indexing(const ex& base, const ex& divisor, const ex& modulus) {
  return ConstructionMemo::instance().get(static_cast<uint8_t>(Function::ModularIndexing), base, divisor, modulus,
                                          [&] { return modular_indexing_rules(base, divisor, modulus); });
}

} // namespace refc::symbolic::build
