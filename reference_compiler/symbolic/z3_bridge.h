// Z3 as the oracle: expressions translated to Z3 integer / real / boolean
// terms (// and % with Python's floor semantics) to check what the
// algebra claims — translation validation, the simplifier's differential
// tests, the fuzzer's constraint solving. Nothing on the tracing path calls
// it. A symbol's range (and its kind) constrain it; points where a divisor
// of either side is 0 are left out, as the expression has no value there.
// One Z3 context serves the process: one thread asks at a time.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/symbolic/value_range.h"

namespace refc::symbolic {

using Z3Model = std::vector<std::pair<std::string, int64_t>>; // symbol name -> value, sorted as free_symbols

enum class Z3Answer { Proved, Refuted, Unknown };

struct Z3Verdict {
  Z3Answer answer = Z3Answer::Unknown;
  Z3Model counterexample; // when refuted: integer symbols' values
};

// Whether a == b (integers, floats) or a <=> b (booleans) for all symbol
// values in their ranges; Unknown when Z3 gives up. effort bounds Z3's work
// (its rlimit, in thousands: roughly a millisecond each), deterministically
// where a time limit would not be.
Z3Verdict z3_check_equivalent(const Expr& a, const Expr& b, const RangeOf& ranges, unsigned effort = 5000);
// Whether the assumptions imply the claim within the ranges.
Z3Verdict z3_check_implies(std::span<const Expr> assumptions, const Expr& claim, const RangeOf& ranges,
                           unsigned effort = 5000);

// Proved (not refuted or unknown).
bool z3_equivalent(const Expr& a, const Expr& b, const RangeOf& ranges);
bool z3_implies(std::span<const Expr> assumptions, const Expr& claim, const RangeOf& ranges, unsigned effort = 5000);
// Values of the integer symbols satisfying every constraint (booleans)
// within the ranges; unset when there are none or Z3 cannot tell.
std::optional<Z3Model> z3_model(std::span<const Expr> constraints, const RangeOf& ranges);

} // namespace refc::symbolic
