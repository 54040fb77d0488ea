// Relations as sympy builds them (sympy/core/relational.py): Eq / Ne decided
// by is_eq, the inequalities by is_ge on the difference of the sides, and
// otherwise kept with their sides as given; with Relational's negated,
// reversed, reversedsign and canonical forms, which Not, And and Or use.
#include "reference_compiler/symbolic/build.h"

#include <stdexcept>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/assumptions.h"
#include "reference_compiler/symbolic/memo.h"
#include "reference_compiler/symbolic/printer.h"
#include "reference_compiler/symbolic/sort_key.h"

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

RelOp negated_op(RelOp op) {
  switch (op) {
  case RelOp::Eq: return RelOp::Ne;
  case RelOp::Ne: return RelOp::Eq;
  case RelOp::Lt: return RelOp::Ge;
  case RelOp::Le: return RelOp::Gt;
  case RelOp::Gt: return RelOp::Le;
  case RelOp::Ge: return RelOp::Lt;
  }
  return op;
}

// Gt <-> Lt, Ge <-> Le: the operator with its sides swapped.
RelOp reversed_op(RelOp op) {
  switch (op) {
  case RelOp::Lt: return RelOp::Gt;
  case RelOp::Le: return RelOp::Ge;
  case RelOp::Gt: return RelOp::Lt;
  case RelOp::Ge: return RelOp::Le;
  default: return op;
  }
}

ex reversed(const ex& r) { return make_relation(r.rhs(), r.lhs(), reversed_op(relation_op(r))); }
ex reversedsign(const ex& r) {
  if (is_boolean_constant(r.lhs()) || is_boolean_constant(r.rhs())) return r;
  return make_relation(negate(r.lhs()), negate(r.rhs()), reversed_op(relation_op(r)));
}

} // namespace

std::optional<bool> is_ge(const ex& lhs, const ex& rhs) {
  if (is_numeric(lhs) && is_numeric(rhs)) return numeric_of(lhs) >= numeric_of(rhs);
  Facts d = facts(subtract(lhs, rhs));
  return d.nonnegative;
}

std::optional<bool> is_eq(const ex& lhs, const ex& rhs) {
  if (lhs.is_equal(rhs)) return true;
  if (is_boolean_constant(lhs) && is_boolean_constant(rhs)) return false;
  if (is_boolean_expr(lhs) != is_boolean_expr(rhs)) return false; // only booleans equal booleans
  if (is_boolean_expr(lhs)) return std::nullopt;
  ex dif = subtract(lhs, rhs);
  Facts f = facts(dif);
  if (f.zero) return *f.zero;
  auto [c, t] = as_coeff_add(dif);
  if (is_float_number(c)) {
    Facts ft = facts(t);
    if (c.to_double() == static_cast<double>(static_cast<long long>(c.to_double()))) {
      if (is_false(ft.integer)) return false;
    } else if (is_false(ft.rational)) {
      return false;
    }
  }
  if (is_numeric(lhs) && is_numeric(rhs)) return numeric_of(lhs) == numeric_of(rhs);
  // The ratio: with rational coefficients cleared, a numerator known
  // nonzero over a finite denominator decides.
  numeric denominator = 1;
  for (const ex& term : add_terms(dif)) {
    auto [k, rest] = as_coeff_mul(term);
    if (k.is_rational()) denominator = GiNaC::lcm(denominator, k.denom());
  }
  if (denominator != 1) {
    Facts n = facts(multiply(denominator, dif));
    if (is_true(n.zero)) return true;
    if (is_false(n.zero)) return false;
  }
  return std::nullopt;
}

namespace {

ex evaluated_relation(RelOp op, const ex& lhs, const ex& rhs) {
  bool booleans = is_boolean_expr(lhs) || is_boolean_expr(rhs);
  if (booleans && op != RelOp::Eq && op != RelOp::Ne)
    throw std::invalid_argument("symbolic: ordering comparison of boolean expressions");
  std::optional<bool> value;
  switch (op) {
  case RelOp::Eq: value = is_eq(lhs, rhs); break;
  case RelOp::Ne:
    value = is_eq(lhs, rhs);
    if (value) value = !*value;
    break;
  case RelOp::Ge: value = is_ge(lhs, rhs); break;
  case RelOp::Le: value = is_ge(rhs, lhs); break;
  case RelOp::Gt:
    value = is_ge(rhs, lhs);
    if (value) value = !*value;
    break;
  case RelOp::Lt:
    value = is_ge(lhs, rhs);
    if (value) value = !*value;
    break;
  }
  if (value) return boolean(*value);
  return make_relation(lhs, rhs, op);
}

} // namespace

ex relation(RelOp op, const ex& lhs, const ex& rhs) {
  return ConstructionMemo::instance().get(memo_tag::kRelations + static_cast<uint8_t>(op), lhs, rhs, 0,
                                          [&] { return evaluated_relation(op, lhs, rhs); });
}

ex negated(const ex& rel) { return make_relation(rel.lhs(), rel.rhs(), negated_op(relation_op(rel))); }

ex canonical_relation(const ex& rel) {
  ex r = rel;
  ex lhs = r.lhs(), rhs = r.rhs();
  if (has_no_symbols(rhs)) {
    if (is_numeric(rhs) && is_numeric(lhs) && numeric_of(lhs) > numeric_of(rhs)) r = reversed(r);
  } else if (has_no_symbols(lhs)) {
    r = reversed(r);
  } else {
    std::vector<ex> sides = ordered({lhs, rhs});
    if (!sides[0].is_equal(lhs)) r = reversed(r);
  }
  if (is_boolean_constant(r.lhs()) || is_boolean_constant(r.rhs())) return r;
  if (could_extract_minus_sign(r.lhs())) return reversedsign(r);
  if (!has_no_symbols(r.rhs()) && could_extract_minus_sign(r.rhs())) {
    std::vector<ex> pair = ordered({r.lhs(), negate(r.rhs())});
    if (!pair[0].is_equal(r.lhs())) return reversedsign(reversed(r));
  }
  return r;
}

} // namespace refc::symbolic::build
