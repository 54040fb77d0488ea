// The construction rules: each function builds one kind of node the way
// sympy's constructor (with PyTorch's eval() for its functions) builds it,
// on GiNaC expressions in this layer's canonical form. Expr's public
// functions are thin wrappers over these; the simplifier and substitution
// rebuild through them, as sympy rebuilds with func(*args).
#pragma once

#include <optional>
#include <stdexcept>
#include <vector>

#include <ginac/ex.h>
#include <ginac/numeric.h>

#include "reference_compiler/symbolic/functions.h"
#include "reference_compiler/symbolic/node.h"

namespace refc::symbolic::build {

// What sympy raises as ZeroDivisionError (FloorDiv, Mod, truediv by 0).
struct DivisionByZero : std::domain_error {
  using std::domain_error::domain_error;
};

GiNaC::ex boolean(bool b);

// Add(*args), Mul(*args) and Pow(base, n): GiNaC's canonical sums and
// products with sympy's treatment of sums inside products (a held sum; a
// number times a single sum distributes).
GiNaC::ex add(const GiNaC::ex& a, const GiNaC::ex& b);
GiNaC::ex add(const std::vector<GiNaC::ex>& terms);
GiNaC::ex multiply(const GiNaC::ex& a, const GiNaC::ex& b);
GiNaC::ex multiply(const std::vector<GiNaC::ex>& factors);
GiNaC::ex negate(const GiNaC::ex& a);
GiNaC::ex subtract(const GiNaC::ex& a, const GiNaC::ex& b);
GiNaC::ex power(const GiNaC::ex& base, const GiNaC::numeric& exponent);
// An exact quotient a / b (rationals may appear), as sympy's a / b.
GiNaC::ex divide(const GiNaC::ex& a, const GiNaC::ex& b);
// Any GiNaC expression (from GiNaC's own algorithms) rebuilt in canonical form.
GiNaC::ex canonical(const GiNaC::ex& e);

GiNaC::ex pow_by_natural(const GiNaC::ex& base, const GiNaC::ex& exponent);
GiNaC::ex floor_div(const GiNaC::ex& base, const GiNaC::ex& divisor);
GiNaC::ex clean_div(const GiNaC::ex& base, const GiNaC::ex& divisor);
GiNaC::ex ceil_div(const GiNaC::ex& base, const GiNaC::ex& divisor);
GiNaC::ex python_mod(const GiNaC::ex& p, const GiNaC::ex& q);
GiNaC::ex mod(const GiNaC::ex& p, const GiNaC::ex& q); // PyTorch's Mod (nonnegative arguments)
GiNaC::ex modular_indexing(const GiNaC::ex& base, const GiNaC::ex& divisor, const GiNaC::ex& modulus);
GiNaC::ex max(const std::vector<GiNaC::ex>& args);
GiNaC::ex min(const std::vector<GiNaC::ex>& args);
GiNaC::ex int_true_div(const GiNaC::ex& a, const GiNaC::ex& b);
GiNaC::ex float_true_div(const GiNaC::ex& a, const GiNaC::ex& b);
GiNaC::ex to_float(const GiNaC::ex& a);
GiNaC::ex unary_function(Function f, const GiNaC::ex& a); // CeilToInt, FloorToInt, TruncToInt

GiNaC::ex relation(RelOp op, const GiNaC::ex& lhs, const GiNaC::ex& rhs);
// Relational.negated, .reversed, .reversedsign, .canonical (unevaluated).
GiNaC::ex negated(const GiNaC::ex& rel);
GiNaC::ex canonical_relation(const GiNaC::ex& rel);
GiNaC::ex logical_and(const std::vector<GiNaC::ex>& args);
GiNaC::ex logical_or(const std::vector<GiNaC::ex>& args);
GiNaC::ex logical_not(const GiNaC::ex& a);

// sympy's is_eq / is_ge on expressions: decided or unknown.
std::optional<bool> is_eq(const GiNaC::ex& lhs, const GiNaC::ex& rhs);
std::optional<bool> is_ge(const GiNaC::ex& lhs, const GiNaC::ex& rhs);

// node.func(*args): the node's kind rebuilt from new arguments.
GiNaC::ex rebuild(const GiNaC::ex& node, const std::vector<GiNaC::ex>& args);
// xreplace: every subtree equal to a key replaced, bottom-up rebuilt.
GiNaC::ex replace(const GiNaC::ex& e, const GiNaC::exmap& replacements);
// PyTorch's safe_expand: products and powers of sums multiplied out, in
// function arguments too.
GiNaC::ex expand_products(const GiNaC::ex& e);

// sympy.gcd of two expressions (polynomials in their symbols and function
// applications), normalized as sympy normalizes it.
GiNaC::ex sympy_gcd(const GiNaC::ex& a, const GiNaC::ex& b);
// PyTorch's simple_floordiv_gcd.
GiNaC::ex simple_floordiv_gcd(const GiNaC::ex& p, const GiNaC::ex& q);
// sympy.simplify(a / b) where b divides a, as FloorDiv and ModularIndexing
// use it: the exact quotient, with a factor common to all its terms taken
// out (s0*s1 + s0 is s0*(s1 + 1)) as sympy's simplify takes it out.
GiNaC::ex simplified_quotient(const GiNaC::ex& a, const GiNaC::ex& b);
// sympy's factor_terms, recursively: common factors of a sum's terms come
// out (s0*s1 + s0 is s0*(s1 + 1)), and inside a product a sum's integer
// content too (s10*(3*s1 - 6) is 3*s10*(s1 - 2)).
GiNaC::ex factor_terms(const GiNaC::ex& e);

} // namespace refc::symbolic::build
