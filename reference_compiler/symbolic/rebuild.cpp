// Rebuilding expressions through the construction rules, as sympy's
// func(*args) does: one node from new arguments, xreplace (simultaneous
// replacement of subtrees) and PyTorch's safe_expand.
#include "reference_compiler/symbolic/build.h"

#include <stdexcept>

#include <ginac/ginac.h>

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

ex rebuild(const ex& node, const std::vector<ex>& args) {
  const ex& e = unheld(node);
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float:
  case NodeKind::Symbol: return e;
  case NodeKind::Add: return add(args);
  case NodeKind::Mul: return multiply(args);
  case NodeKind::Pow:
    if (is_integer_number(args[1])) return power(args[0], numeric_of(args[1]));
    return GiNaC::pow(held(args[0]), args[1]);
  case NodeKind::Relation: return relation(relation_op(e), args[0], args[1]);
  case NodeKind::Function: break;
  }
  Function f = *function_of(e);
  switch (f) {
  case Function::HeldSum: return add(args);
  case Function::True:
  case Function::False: return e;
  case Function::And: return logical_and(args);
  case Function::Or: return logical_or(args);
  case Function::Not: return logical_not(args[0]);
  case Function::FloorDiv: return floor_div(args[0], args[1]);
  case Function::CleanDiv: return clean_div(args[0], args[1]);
  case Function::PythonMod: return python_mod(args[0], args[1]);
  case Function::Mod: return mod(args[0], args[1]);
  case Function::ModularIndexing: return modular_indexing(args[0], args[1], args[2]);
  case Function::Max: return max(args);
  case Function::Min: return min(args);
  case Function::PowByNatural: return pow_by_natural(args[0], args[1]);
  case Function::IntTrueDiv: return int_true_div(args[0], args[1]);
  case Function::FloatTrueDiv: return float_true_div(args[0], args[1]);
  case Function::ToFloat: return to_float(args[0]);
  case Function::CeilToInt:
  case Function::FloorToInt:
  case Function::TruncToInt: return unary_function(f, args[0]);
  }
  throw std::logic_error("rebuild: unknown function");
}

ex replace(const ex& e0, const GiNaC::exmap& replacements) {
  const ex& e = unheld(e0);
  auto hit = replacements.find(e);
  if (hit != replacements.end()) return hit->second;
  std::vector<ex> args = sympy_args(e);
  if (args.empty()) return e;
  bool changed = false;
  for (ex& a : args) {
    ex r = replace(a, replacements);
    if (!r.is_equal(a)) changed = true, a = r;
  }
  if (!changed) return e;
  return rebuild(e, args);
}

ex expand_products(const ex& e0) {
  const ex& e = unheld(e0);
  std::vector<ex> args = sympy_args(e);
  if (args.empty()) return e;
  bool changed = false;
  for (ex& a : args) {
    ex r = expand_products(a);
    if (!r.is_equal(a)) changed = true, a = r;
  }
  ex node = changed ? rebuild(e, args) : e;
  // Multiply out: products and powers of sums (held sums opened) become
  // sums of products.
  NodeKind k = node_kind(node);
  if (k != NodeKind::Add && k != NodeKind::Mul && k != NodeKind::Pow) return node;
  bool has_sum = false;
  for (auto it = node.preorder_begin(); it != node.preorder_end(); ++it) {
    if (function_of(*it) && !is_function(*it, Function::HeldSum)) continue;
    if (is_function(*it, Function::HeldSum)) has_sum = true;
  }
  if (!has_sum) return node;
  // Open the held sums (leaving function arguments alone) and let GiNaC
  // multiply out.
  struct Open : GiNaC::map_function {
    ex operator()(const ex& x) override {
      if (is_function(x, Function::HeldSum)) return (*this)(x.op(0));
      if (function_of(x) || is_exactly<GiNaC::symbol>(x) || is_numeric(x)) return x;
      return x.map(*this);
    }
  } open;
  return canonical(GiNaC::expand(open(node)));
}

} // namespace refc::symbolic::build
