// sympy's orderings, which decide how expressions print and how the
// arguments of Max / Min / And / Or are stored: default_sort_key (a nested
// tuple per expression, compared as Python compares tuples), ordered()
// (node count first, then the sort key), and the term and factor orders of
// sums and products (as_ordered_terms / as_ordered_factors).
//
// Symbols order by name as strings: s0 < s1 < s10 < s2.
#pragma once

#include <string>
#include <vector>

#include <ginac/ex.h>
#include <ginac/numeric.h>

namespace refc::symbolic {

// A Python value of a sort key: a number, a string or a tuple.
struct SortKey {
  enum class Type : uint8_t { Number, String, Tuple };
  Type type = Type::Tuple;
  GiNaC::numeric number;
  std::string text;
  std::vector<SortKey> items;
};

// Python's tuple comparison: negative, zero or positive.
int compare(const SortKey& a, const SortKey& b);
SortKey default_sort_key(const GiNaC::ex& e);

// sympy's _nodes: the number of nodes, a float counting one half.
double node_count(const GiNaC::ex& e);
// sympy's ordered(): by node count, then by default_sort_key (stable).
std::vector<GiNaC::ex> ordered(std::vector<GiNaC::ex> items);
// Sorted by default_sort_key alone (stable).
std::vector<GiNaC::ex> sorted_by_key(std::vector<GiNaC::ex> items);
// Expr.as_ordered_terms() of a sum (the print order of its terms).
std::vector<GiNaC::ex> ordered_terms(const GiNaC::ex& sum);
// Mul.as_ordered_factors() of a product (coefficient included).
std::vector<GiNaC::ex> ordered_factors(const GiNaC::ex& product);

// Basic.compare, the order sympy keeps the args of a sum or product in
// (class first, then contents): negative, zero or positive.
int basic_compare(const GiNaC::ex& a, const GiNaC::ex& b);
// sympy's .args of a sum or product in that order (the number first);
// sympy_args() for anything else. Some of sympy's assumption handlers look
// at the args in this order.
std::vector<GiNaC::ex> args_in_sympy_order(const GiNaC::ex& e);

} // namespace refc::symbolic
