// eliminate_dead_code: drop the ops no output depends on. Tried like any
// other change: a dead op can be what fails (a compile error in a value
// nobody reads).
#include "minifier/strategy.h"

namespace refc::minifier {

std::optional<Candidate> eliminate_dead_code(const Candidate& current, Oracle& oracle) {
  const std::vector<graph::Node*> outputs = current.outputs();
  const std::vector<bool> live = live_ops(current, std::vector<bool>(current.op_count(), true), outputs);
  if (std::find(live.begin(), live.end(), false) == live.end()) return std::nullopt;
  return first_reproducing(oracle, {extract(current, live, outputs, {})});
}

} // namespace refc::minifier
