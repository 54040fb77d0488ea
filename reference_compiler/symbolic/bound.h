// Range analysis: bound() is sound interval arithmetic over an expression
// (PyTorch's bound_sympy / SymPyValueRangeAnalysis), and static_truth()
// decides a condition from the ranges alone, as the ShapeEnv's
// _maybe_evaluate_static does: by the bound, and by re-stating each symbol
// as a positive one shifted by its lower bound so that sympy's sign rules
// can see through the expression.
#pragma once

#include <optional>

#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/symbolic/value_range.h"

namespace refc::symbolic {

// Every value e takes with its symbols in their ranges lies in the result;
// booleans give ranges within [0, 1]. Float-valued expressions are unknown.
ValueRange bound(const Expr& e, const RangeOf& ranges);

// True or false when the ranges decide the condition, else unset.
std::optional<bool> static_truth(const Expr& cond, const RangeOf& ranges);

// The range of a symbol: ranges(symbol) narrowed by the symbol's kind.
ValueRange symbol_range(const Expr& symbol, const RangeOf& ranges);

} // namespace refc::symbolic
