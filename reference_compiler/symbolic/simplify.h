// simplify(): the range-aware simplification PyTorch's ShapeEnv.simplify
// applies to an expression before guarding on it or printing it:
//  - products and powers of sums are multiplied out (safe_expand);
//  - a Max / Min argument that another one provably bounds is dropped
//    (Max(s0, 1) is s0 when s0 >= 1), with PyTorch's definitely_le;
//  - TruncToInt(IntTrueDiv(a, b)) is FloorDiv(a, b), or CleanDiv when b
//    divides a;
//  - every relation the ranges decide becomes True / False, and the
//    connectives around it fold (a relation alone is what
//    _maybe_evaluate_static decides);
//  - a division or remainder the ranges make trivial goes: a // b is 0 and
//    a % b is a when 0 <= a < b.
// The ShapeEnv's own state (replacements, divisibility facts) is not here;
// the construction rules already hold (FloorDiv(4*s0 + 2, 2) is 2*s0 + 1,
// Mod(s0, 1) is 0).
#pragma once

#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/symbolic/value_range.h"

namespace refc::symbolic {

Expr simplify(const Expr& e, const RangeOf& ranges);

// a % b as SymNode builds it with the ShapeEnv's ranges: Mod when both
// sides are nonnegative by assumptions or by their bounds, else PythonMod.
Expr mod(const Expr& a, const Expr& b, const RangeOf& ranges);

} // namespace refc::symbolic
