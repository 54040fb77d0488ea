// Strategy: one way of making a failing candidate smaller. Each strategy
// lives in its own file under strategies/ and is listed once, in
// strategies/strategies.def, in the order a round applies them; the
// minifier repeats rounds until none makes progress (a fixpoint, as
// llvm-reduce runs its passes).
#pragma once

#include "minifier/oracle.h"

#include <optional>
#include <span>
#include <string_view>

namespace refc::minifier {

struct Strategy {
  std::string_view name;    // "truncate_prefix"
  std::string_view summary; // what it tries, in a line
  // A smaller candidate that still fails, or none when this strategy finds none.
  std::optional<Candidate> (*reduce)(const Candidate& current, Oracle& oracle);
};

// Every strategy, in order.
std::span<const Strategy> strategies();

} // namespace refc::minifier
