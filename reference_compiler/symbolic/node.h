// How this layer reads a GiNaC expression as the sympy tree it stands for:
// the kind of a node, its sympy args, numbers, coefficients. A held sum
// reads as its sum everywhere.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include <ginac/ex.h>
#include <ginac/numeric.h>
#include <ginac/basic.h>

#include "reference_compiler/symbolic/functions.h"

namespace refc::symbolic {

enum class NodeKind : uint8_t {
  Integer,
  Rational, // a non-integer rational (internal: FloorDiv's rules divide)
  Float,
  Symbol,
  Add,
  Mul,
  Pow,
  Relation,
  Function, // one of the registry's, function_of() says which
};

NodeKind node_kind(const GiNaC::ex& e);
// Numbers and symbols: the nodes without arguments, which stand for themselves.
inline bool is_atom(const GiNaC::ex& e) {
  NodeKind k = node_kind(e);
  return k == NodeKind::Integer || k == NodeKind::Rational || k == NodeKind::Float || k == NodeKind::Symbol;
}

// A held sum's sum; anything else unchanged.
GiNaC::ex unheld(const GiNaC::ex& e);
// A bare sum held (to be a factor or a power's base); anything else unchanged.
GiNaC::ex held(const GiNaC::ex& e);

// Whether e is exactly of GiNaC class T: one virtual call and a pointer
// compare (GiNaC's is_exactly_a compares type_info, which costs a string
// compare on every mismatch). A table symbol reports symbol's class.
template <class T>
inline bool is_exactly(const GiNaC::ex& e) {
  return &GiNaC::ex_to<GiNaC::basic>(e).get_class_info() == &T::get_class_info_static();
}

inline bool is_numeric(const GiNaC::ex& e) { return is_exactly<GiNaC::numeric>(e); }
inline const GiNaC::numeric& numeric_of(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::numeric>(e); }
inline bool is_integer_number(const GiNaC::ex& e) { return is_numeric(e) && numeric_of(e).is_integer(); }
inline bool is_float_number(const GiNaC::numeric& n) { return !n.is_rational(); }

bool is_add(const GiNaC::ex& e); // a sum (held or not)
bool is_mul(const GiNaC::ex& e);
bool is_pow(const GiNaC::ex& e);
bool is_relation(const GiNaC::ex& e);
bool is_boolean_constant(const GiNaC::ex& e);
// A relation or a Bool-valued function (And, Or, Not, True, False, ...).
bool is_boolean_expr(const GiNaC::ex& e);

// sympy's args: a sum's terms with the constant first, a product's factors
// with the coefficient first (held sums read as sums), a power's base and
// exponent, a function's or relation's operands. Empty for atoms.
std::vector<GiNaC::ex> sympy_args(const GiNaC::ex& e);
// Add.make_args / Mul.make_args: the terms of a sum (or the expression
// itself), the factors of a product (or the expression itself).
std::vector<GiNaC::ex> add_terms(const GiNaC::ex& e);
std::vector<GiNaC::ex> mul_factors(const GiNaC::ex& e);

// as_coeff_Mul: (numeric coefficient, the rest) — (1, e) unless e is a
// product with a number in front, or a number (n, 1).
std::pair<GiNaC::numeric, GiNaC::ex> as_coeff_mul(const GiNaC::ex& e);
// as_coeff_Add: (numeric constant, the rest).
std::pair<GiNaC::numeric, GiNaC::ex> as_coeff_add(const GiNaC::ex& e);
// as_base_exp: (base, exponent), (e, 1) when not a power.
std::pair<GiNaC::ex, GiNaC::ex> as_base_exp(const GiNaC::ex& e);

// The relation's sympy class, GiNaC's operator read back.
enum class RelOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
RelOp relation_op(const GiNaC::ex& e);
GiNaC::ex make_relation(const GiNaC::ex& lhs, const GiNaC::ex& rhs, RelOp op);

// Whether there are no free symbols (sympy's is_number).
bool has_no_symbols(const GiNaC::ex& e);
// The distinct symbols of e, in the order they first appear (preorder).
std::vector<GiNaC::ex> symbols_of(const GiNaC::ex& e);
// Whether any symbol, held sum or function occurs (not a plain number).
bool contains_function(const GiNaC::ex& e, Function f);

} // namespace refc::symbolic
