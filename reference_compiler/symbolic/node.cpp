// Reading GiNaC expressions as sympy trees.
#include "reference_compiler/symbolic/node.h"

#include <stdexcept>

#include <ginac/ginac.h>

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

NodeKind node_kind(const ex& e) {
  const GiNaC::registered_class_info* c = &GiNaC::ex_to<GiNaC::basic>(e).get_class_info();
  if (c == &GiNaC::numeric::get_class_info_static()) {
    const numeric& n = numeric_of(e);
    if (n.is_integer()) return NodeKind::Integer;
    if (n.is_rational()) return NodeKind::Rational;
    return NodeKind::Float;
  }
  if (c == &GiNaC::symbol::get_class_info_static()) return NodeKind::Symbol;
  if (c == &GiNaC::add::get_class_info_static()) return NodeKind::Add;
  if (c == &GiNaC::mul::get_class_info_static()) return NodeKind::Mul;
  if (c == &GiNaC::power::get_class_info_static()) return NodeKind::Pow;
  if (c == &GiNaC::relational::get_class_info_static()) return NodeKind::Relation;
  if (auto f = function_of(e)) {
    if (*f == Function::HeldSum) return NodeKind::Add;
    return NodeKind::Function;
  }
  throw std::logic_error("symbolic: an expression this layer does not make");
}

ex unheld(const ex& e) {
  if (is_function(e, Function::HeldSum)) return e.op(0);
  return e;
}

ex held(const ex& e) {
  if (is_exactly<GiNaC::add>(e)) return make_function(Function::HeldSum, {e});
  return e;
}

bool is_add(const ex& e) { return is_exactly<GiNaC::add>(e) || is_function(e, Function::HeldSum); }
bool is_mul(const ex& e) { return is_exactly<GiNaC::mul>(e); }
bool is_pow(const ex& e) { return is_exactly<GiNaC::power>(e); }
bool is_relation(const ex& e) { return is_exactly<GiNaC::relational>(e); }
bool is_boolean_constant(const ex& e) {
  auto f = function_of(e);
  return f && (*f == Function::True || *f == Function::False);
}

std::vector<ex> add_terms(const ex& e0) {
  const ex& e = unheld(e0);
  if (!is_exactly<GiNaC::add>(e)) return {e};
  std::vector<ex> out;
  out.reserve(e.nops());
  // GiNaC keeps the constant last; sympy puts it first.
  size_t n = e.nops();
  if (is_numeric(e.op(n - 1))) out.push_back(e.op(n - 1)), --n;
  for (size_t i = 0; i < n; ++i) out.push_back(e.op(i));
  return out;
}

std::vector<ex> mul_factors(const ex& e) {
  if (!is_exactly<GiNaC::mul>(e)) return {unheld(e)};
  std::vector<ex> out;
  out.reserve(e.nops());
  size_t n = e.nops();
  if (is_numeric(e.op(n - 1))) out.push_back(e.op(n - 1)), --n;
  for (size_t i = 0; i < n; ++i) out.push_back(unheld(e.op(i)));
  return out;
}

std::vector<ex> sympy_args(const ex& e0) {
  const ex& e = unheld(e0);
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float:
  case NodeKind::Symbol: return {};
  case NodeKind::Add: return add_terms(e);
  case NodeKind::Mul: return mul_factors(e);
  case NodeKind::Pow: return {unheld(e.op(0)), e.op(1)};
  case NodeKind::Relation: return {e.lhs(), e.rhs()};
  case NodeKind::Function: {
    std::vector<ex> out;
    out.reserve(e.nops());
    for (size_t i = 0; i < e.nops(); ++i) out.push_back(e.op(i));
    return out;
  }
  }
  return {};
}

namespace {

// A number, or a GiNaC sum (product) whose numeric term GiNaC keeps last,
// split into that number and the rest combined again (each held sum stays
// held, so GiNaC leaves the terms as they are); `identity` is 0 (1).
template <class Node, class Combine>
std::pair<numeric, ex> split_numeric(const ex& e0, const numeric& identity, Combine combine) {
  const ex& e = unheld(e0);
  if (is_numeric(e)) return {numeric_of(e), identity};
  if (is_exactly<Node>(e)) {
    const ex& last = e.op(e.nops() - 1);
    if (is_numeric(last)) {
      ex rest = identity;
      for (size_t i = 0; i + 1 < e.nops(); ++i) rest = combine(rest, e.op(i));
      return {numeric_of(last), rest};
    }
  }
  return {identity, e};
}

} // namespace

std::pair<numeric, ex> as_coeff_mul(const ex& e) {
  return split_numeric<GiNaC::mul>(e, 1, [](const ex& a, const ex& b) { return a * b; });
}

std::pair<numeric, ex> as_coeff_add(const ex& e) {
  return split_numeric<GiNaC::add>(e, 0, [](const ex& a, const ex& b) { return a + b; });
}

std::pair<ex, ex> as_base_exp(const ex& e0) {
  const ex& e = unheld(e0);
  if (is_exactly<GiNaC::power>(e)) return {unheld(e.op(0)), e.op(1)};
  return {e, 1};
}

RelOp relation_op(const ex& e) {
  if (e.info(GiNaC::info_flags::relation_equal)) return RelOp::Eq;
  if (e.info(GiNaC::info_flags::relation_not_equal)) return RelOp::Ne;
  if (e.info(GiNaC::info_flags::relation_less)) return RelOp::Lt;
  if (e.info(GiNaC::info_flags::relation_less_or_equal)) return RelOp::Le;
  if (e.info(GiNaC::info_flags::relation_greater)) return RelOp::Gt;
  return RelOp::Ge;
}

ex make_relation(const ex& lhs, const ex& rhs, RelOp op) {
  using R = GiNaC::relational;
  switch (op) {
  case RelOp::Eq: return R(lhs, rhs, R::equal);
  case RelOp::Ne: return R(lhs, rhs, R::not_equal);
  case RelOp::Lt: return R(lhs, rhs, R::less);
  case RelOp::Le: return R(lhs, rhs, R::less_or_equal);
  case RelOp::Gt: return R(lhs, rhs, R::greater);
  case RelOp::Ge: return R(lhs, rhs, R::greater_or_equal);
  }
  return R(lhs, rhs);
}

bool is_boolean_expr(const ex& e) {
  if (is_relation(e)) return true;
  auto f = function_of(e);
  return f && function_info(*f).type == ValueType::Bool;
}

bool has_no_symbols(const ex& e) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_exactly<GiNaC::symbol>(*it)) return false;
  return true;
}

std::vector<ex> symbols_of(const ex& e) {
  std::vector<ex> out;
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_exactly<GiNaC::symbol>(*it)) {
      bool seen = false;
      for (const ex& s : out)
        if (s.is_equal(*it)) seen = true;
      if (!seen) out.push_back(*it);
    }
  return out;
}

bool contains_function(const ex& e, Function f) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_function(*it, f)) return true;
  return false;
}

} // namespace refc::symbolic
