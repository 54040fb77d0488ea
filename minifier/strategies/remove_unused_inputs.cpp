// remove_unused_inputs: drop the inputs nothing reads.
#include "minifier/strategy.h"

namespace refc::minifier {

std::optional<Candidate> remove_unused_inputs(const Candidate& current, Oracle& oracle) {
  Candidate used = extract(current, std::vector<bool>(current.op_count(), true), current.outputs(), {});
  if (used.inputs.size() == current.inputs.size()) return std::nullopt;
  return first_reproducing(oracle, {std::move(used)});
}

} // namespace refc::minifier
