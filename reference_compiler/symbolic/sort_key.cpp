// sympy's sort keys and orderings (sympy/core: Basic.sort_key,
// Expr.sort_key, Symbol.sort_key, Number.sort_key, sorting.ordered,
// Expr.as_ordered_terms, Mul.as_ordered_factors).
#include "reference_compiler/symbolic/sort_key.h"

#include <algorithm>
#include <map>
#include <numeric>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/printer.h"
#include "reference_compiler/symbolic/symbol_table.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

SortKey number(const numeric& n) {
  SortKey k;
  k.type = SortKey::Type::Number;
  k.number = n;
  return k;
}
SortKey number(long n) { return number(numeric(n)); }
SortKey text(std::string s) {
  SortKey k;
  k.type = SortKey::Type::String;
  k.text = std::move(s);
  return k;
}
SortKey tuple(std::vector<SortKey> items) {
  SortKey k;
  k.items = std::move(items);
  return k;
}

SortKey class_key(long a, long b, std::string name) { return tuple({number(a), number(b), text(std::move(name))}); }

std::string_view relation_class(RelOp op) {
  switch (op) {
  case RelOp::Eq: return "Equality";
  case RelOp::Ne: return "Unequality";
  case RelOp::Lt: return "StrictLessThan";
  case RelOp::Le: return "LessThan";
  case RelOp::Gt: return "StrictGreaterThan";
  case RelOp::Ge: return "GreaterThan";
  }
  return "";
}

SortKey class_key_of(const ex& e) {
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float: return class_key(1, 0, "Number");
  case NodeKind::Symbol: return class_key(2, 0, "Symbol");
  case NodeKind::Add: return class_key(3, 1, "Add");
  case NodeKind::Mul: return class_key(3, 0, "Mul");
  case NodeKind::Pow: return class_key(3, 2, "Pow");
  case NodeKind::Relation: return class_key(5, 0, std::string(relation_class(relation_op(e))));
  case NodeKind::Function: {
    const FunctionInfo& info = function_info(*function_of(e));
    switch (info.family) {
    case FunctionFamily::SympyFunction: return class_key(4, 10000, std::string(info.name));
    case FunctionFamily::BooleanAtom: return class_key(2, 0, std::string(info.name));
    default: return class_key(5, 0, std::string(info.name));
    }
  }
  }
  return {};
}

const SortKey& one_key() {
  static const SortKey k = tuple({class_key(1, 0, "Number"), tuple({number(0), tuple({})}), tuple({}), number(1)});
  return k;
}

bool is_atom(const ex& e) {
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float:
  case NodeKind::Symbol: return true;
  case NodeKind::Function: return is_boolean_constant(e);
  default: return false;
  }
}

SortKey keys_of(const std::vector<ex>& args) {
  std::vector<SortKey> keys;
  keys.reserve(args.size());
  for (const ex& a : args) keys.push_back(default_sort_key(a));
  return tuple({number(static_cast<long>(args.size())), tuple(std::move(keys))});
}

// Expr.sort_key: (class_key, args, exponent's key, coefficient).
SortKey expr_sort_key(const ex& e) {
  auto [coeff, rest] = as_coeff_mul(e);
  ex base = rest, exponent = 1;
  if (is_pow(rest)) base = unheld(rest.op(0)), exponent = rest.op(1);
  SortKey args;
  if (is_atom(base)) {
    args = tuple({number(1), tuple({text(sympy_str(base))})});
  } else if (is_add(base)) {
    args = keys_of(ordered_terms(base));
  } else if (is_mul(base)) {
    args = keys_of(ordered_factors(base));
  } else {
    args = keys_of(sympy_args(base));
  }
  return tuple({class_key_of(base), std::move(args), default_sort_key(exponent), number(coeff)});
}

} // namespace

int compare(const SortKey& a, const SortKey& b) {
  if (a.type != b.type) return a.type < b.type ? -1 : 1; // Python would raise; never reached in practice
  switch (a.type) {
  case SortKey::Type::Number: return a.number < b.number ? -1 : (b.number < a.number ? 1 : 0);
  case SortKey::Type::String: return a.text.compare(b.text) < 0 ? -1 : (a.text == b.text ? 0 : 1);
  case SortKey::Type::Tuple:
    for (size_t i = 0; i < a.items.size() && i < b.items.size(); ++i)
      if (int c = compare(a.items[i], b.items[i])) return c;
    return a.items.size() < b.items.size() ? -1 : (a.items.size() == b.items.size() ? 0 : 1);
  }
  return 0;
}

SortKey default_sort_key(const ex& e0) {
  const ex& e = unheld(e0);
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float:
    return tuple({class_key_of(e), tuple({number(0), tuple({})}), tuple({}), number(numeric_of(e))});
  case NodeKind::Symbol:
    return tuple({class_key_of(e), tuple({number(1), tuple({text(symbol_info(e).name)})}), one_key(), number(1)});
  case NodeKind::Relation: return tuple({class_key_of(e), keys_of(sympy_args(e)), one_key(), number(1)});
  case NodeKind::Function: {
    const FunctionInfo& info = function_info(*function_of(e));
    if (info.family == FunctionFamily::BooleanAtom)
      return tuple({class_key_of(e), tuple({number(1), tuple({text(sympy_str(e))})}), one_key(), number(1)});
    if (info.family == FunctionFamily::Connective)
      return tuple({class_key_of(e), keys_of(sympy_args(e)), one_key(), number(1)});
    return expr_sort_key(e);
  }
  default: return expr_sort_key(e);
  }
}

double node_count(const ex& e) {
  if (node_kind(e) == NodeKind::Float) return 0.5;
  double n = 1;
  for (const ex& a : sympy_args(e)) n += node_count(a);
  return n;
}

std::vector<ex> sorted_by_key(std::vector<ex> items) {
  if (items.size() < 2) return items;
  std::vector<SortKey> keys;
  keys.reserve(items.size());
  for (const ex& e : items) keys.push_back(default_sort_key(e));
  std::vector<size_t> order(items.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) { return compare(keys[i], keys[j]) < 0; });
  std::vector<ex> out;
  out.reserve(items.size());
  for (size_t i : order) out.push_back(items[i]);
  return out;
}

std::vector<ex> ordered(std::vector<ex> items) {
  if (items.size() < 2) return items;
  std::vector<std::pair<double, SortKey>> keys;
  keys.reserve(items.size());
  for (const ex& e : items) keys.emplace_back(node_count(e), default_sort_key(e));
  std::vector<size_t> order(items.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) {
    if (keys[i].first != keys[j].first) return keys[i].first < keys[j].first;
    return compare(keys[i].second, keys[j].second) < 0;
  });
  std::vector<ex> out;
  out.reserve(items.size());
  for (size_t i : order) out.push_back(items[i]);
  return out;
}

std::vector<ex> ordered_factors(const ex& product) { return sorted_by_key(mul_factors(product)); }

namespace {

// sympy's class name of a node, as Basic.compare orders classes.
std::string class_name(const ex& e) {
  switch (node_kind(e)) {
  case NodeKind::Integer: {
    const numeric& n = numeric_of(e);
    if (n.is_zero()) return "Zero";
    if (n == 1) return "One";
    if (n == -1) return "NegativeOne";
    return "Integer";
  }
  case NodeKind::Rational: return numeric_of(e) == numeric(1, 2) ? "Half" : "Rational";
  case NodeKind::Float: return "Float";
  case NodeKind::Symbol: return "Symbol";
  case NodeKind::Add: return "Add";
  case NodeKind::Mul: return "Mul";
  case NodeKind::Pow: return "Pow";
  case NodeKind::Relation: return std::string(relation_class(relation_op(e)));
  case NodeKind::Function: return std::string(function_info(*function_of(e)).name);
  }
  return {};
}

// basic.ordering_of_classes, the entries this layer's classes can meet.
int class_rank(const std::string& name) {
  static const std::vector<std::string> order = {
      "Zero", "One", "Half", "Infinity", "NaN", "NegativeOne", "NegativeInfinity", "Integer", "Rational", "Float",
      "Exp1", "Pi", "ImaginaryUnit", "Symbol", "Wild", "Pow", "Mul", "Add", "Derivative", "Integral", "Abs", "Sign",
      "Sqrt", "Floor", "Ceiling", "Re", "Im", "Arg", "Conjugate", "Exp", "Log", "Sin", "Cos", "Tan", "Cot", "ASin",
      "ACos", "ATan", "ACot", "Sinh", "Cosh", "Tanh", "Coth", "ASinh", "ACosh", "ATanh", "ACoth", "RisingFactorial",
      "FallingFactorial", "factorial", "binomial", "Gamma", "LowerGamma", "UpperGamma", "PolyGamma", "Erf",
      "Chebyshev", "Chebyshev2", "Function", "WildFunction", "Lambda", "Order", "Equality", "Unequality",
      "StrictGreaterThan", "StrictLessThan", "GreaterThan", "LessThan"};
  for (size_t i = 0; i < order.size(); ++i)
    if (order[i] == name) return static_cast<int>(i);
  return -1;
}

// The number of entries of a symbol's _hashable_content: its name and the
// facts its assumptions imply (sympy stores them all).
size_t symbol_content_length(const SymbolInfo& s) {
  switch (s.kind) {
  case SymbolKind::PositiveInteger: return 26;
  case SymbolKind::Integer: return 15;
  case SymbolKind::Real: return 9;
  }
  return 1;
}

int three_way(bool less, bool greater) { return less ? -1 : (greater ? 1 : 0); }

} // namespace

int basic_compare(const ex& a0, const ex& b0) {
  ex a = unheld(a0), b = unheld(b0);
  if (a.is_equal(b)) return 0;
  std::string na = class_name(a), nb = class_name(b);
  if (na != nb) {
    int ia = class_rank(na), ib = class_rank(nb);
    if (ia < 0 && ib < 0) return three_way(na < nb, na > nb);
    if (ia < 0) ia = 1 << 20;
    if (ib < 0) ib = 1 << 20;
    return three_way(ia < ib, ia > ib);
  }
  switch (node_kind(a)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float: {
    const numeric &x = numeric_of(a), &y = numeric_of(b);
    if (node_kind(a) == NodeKind::Float) return three_way(x < y, y < x);
    // (p, q)
    if (x.numer() != y.numer()) return three_way(x.numer() < y.numer(), y.numer() < x.numer());
    return three_way(x.denom() < y.denom(), y.denom() < x.denom());
  }
  case NodeKind::Symbol: {
    const SymbolInfo &x = symbol_info(a), &y = symbol_info(b);
    size_t lx = symbol_content_length(x), ly = symbol_content_length(y);
    if (lx != ly) return three_way(lx < ly, lx > ly);
    return three_way(x.name < y.name, x.name > y.name);
  }
  default: {
    std::vector<ex> xs = args_in_sympy_order(a), ys = args_in_sympy_order(b);
    if (xs.size() != ys.size()) return three_way(xs.size() < ys.size(), xs.size() > ys.size());
    for (size_t i = 0; i < xs.size(); ++i)
      if (int c = basic_compare(xs[i], ys[i])) return c;
    if (node_kind(a) == NodeKind::Relation) return three_way(relation_op(a) < relation_op(b), relation_op(a) > relation_op(b));
    return 0;
  }
  }
}

std::vector<ex> args_in_sympy_order(const ex& e) {
  std::vector<ex> args = sympy_args(e);
  if (!is_add(e) && !is_mul(e)) return args;
  auto first = args.begin();
  if (first != args.end() && is_numeric(*first)) ++first; // the constant or coefficient stays first
  std::stable_sort(first, args.end(), [](const ex& x, const ex& y) { return basic_compare(x, y) < 0; });
  return args;
}

std::vector<ex> ordered_terms(const ex& sum) {
  std::vector<ex> terms = add_terms(sum);
  // The special case of Number + Number*expr with the number positive and
  // the coefficient negative: 2 - s0 keeps the number first.
  if (terms.size() == 2 && is_numeric(terms[0]) && is_mul(terms[1])) {
    std::vector<ex> factors = mul_factors(terms[1]);
    if (factors.size() == 2 && is_numeric(factors[0]) && numeric_of(terms[0]).is_positive() &&
        numeric_of(factors[0]).is_negative())
      return terms;
  }
  // as_terms: each term as (coefficient, {base: exponent}); the generators
  // are all bases, sorted by sort key; terms sort by their monomials in
  // decreasing lexicographic order, then by coefficient.
  struct Term {
    double coeff;
    std::vector<std::pair<ex, numeric>> powers;
  };
  std::vector<Term> parts;
  std::vector<ex> gens;
  for (const ex& t : terms) {
    auto [coeff, rest] = as_coeff_mul(t);
    Term part{coeff.to_double(), {}};
    if (!(is_numeric(rest) && numeric_of(rest) == 1)) {
      for (const ex& f : mul_factors(rest)) {
        auto [base, exponent] = as_base_exp(f);
        numeric e = 1;
        if (is_integer_number(exponent)) {
          e = numeric_of(exponent);
        } else {
          base = f;
        }
        part.powers.emplace_back(base, e);
        bool known = false;
        for (const ex& g : gens)
          if (g.is_equal(base)) known = true;
        if (!known) gens.push_back(base);
      }
    }
    parts.push_back(std::move(part));
  }
  gens = sorted_by_key(gens);
  std::vector<std::vector<numeric>> monomials;
  for (const Term& part : parts) {
    std::vector<numeric> m(gens.size(), 0);
    for (const auto& [base, e] : part.powers)
      for (size_t g = 0; g < gens.size(); ++g)
        if (gens[g].is_equal(base)) m[g] = e;
    monomials.push_back(std::move(m));
  }
  std::vector<size_t> order(terms.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) {
    for (size_t g = 0; g < gens.size(); ++g) {
      const numeric &a = monomials[i][g], &b = monomials[j][g];
      if (a != b) return b < a; // larger exponent first
    }
    return parts[i].coeff < parts[j].coeff;
  });
  std::vector<ex> out;
  out.reserve(terms.size());
  for (size_t i : order) out.push_back(terms[i]);
  return out;
}

} // namespace refc::symbolic
