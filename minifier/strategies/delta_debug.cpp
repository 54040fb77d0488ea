// delta_debug: cut out sets of ops. Delta debugging over the ops that are
// not outputs, starting with all of them at once (a single culprit is then
// found in one query) and halving the chunks; a cut-out op that a remaining
// op reads becomes a new input carrying its eager value, and ops left dead
// by a cut go with it.
#include "minifier/remove_chunks.h"
#include "minifier/strategy.h"

namespace refc::minifier {

std::optional<Candidate> delta_debug(const Candidate& current, Oracle& oracle) {
  const std::vector<graph::Node*> ops = current.ops();
  const std::vector<graph::Node*> outputs = current.outputs();
  std::vector<size_t> removable; // positions in ops
  for (size_t i = 0; i < ops.size(); ++i)
    if (std::find(outputs.begin(), outputs.end(), ops[i]) == outputs.end()) removable.push_back(i);
  if (removable.empty()) return std::nullopt;
  const NodeValues& values = oracle.values(current);
  return remove_chunks(removable.size(), 1, [&](const std::vector<bool>& removed) -> std::optional<Candidate> {
    std::vector<bool> keep(ops.size(), true);
    for (size_t i = 0; i < removable.size(); ++i)
      if (removed[i]) keep[removable[i]] = false;
    Candidate c = extract(current, live_ops(current, keep, outputs), outputs, values);
    if (c.op_count() >= ops.size()) return std::nullopt; // the ops cut out had to stay (their values cannot be inputs)
    return c;
  }, oracle);
}

} // namespace refc::minifier
